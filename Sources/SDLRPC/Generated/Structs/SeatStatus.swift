// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the status of a parameter of seat.
public struct SeatStatus: Codable, Hashable, Sendable {
    public var seatLocation: SeatLocation

    public var conditionActive: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(seatLocation: SeatLocation, conditionActive: Bool) {
        self.seatLocation = seatLocation
        self.conditionActive = conditionActive
    }
}
