// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the status of a parameter of roof/convertible roof/sunroof/moonroof etc. If roof is open (AJAR), state
/// will determine percentage of roof open.
public struct RoofStatus: Codable, Hashable, Sendable {
    public var location: Grid

    public var status: DoorStatusType

    public var state: WindowState?

    /// Creates a value from its fields; optional fields default to absent.
    public init(location: Grid, status: DoorStatusType, state: WindowState? = nil) {
        self.location = location
        self.status = status
        self.state = state
    }
}
