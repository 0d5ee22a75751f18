// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the status of a parameter of trunk/hood/etc.
public struct GateStatus: Codable, Hashable, Sendable {
    public var location: Grid

    public var status: DoorStatusType

    /// Creates a value from its fields; optional fields default to absent.
    public init(location: Grid, status: DoorStatusType) {
        self.location = location
        self.status = status
    }
}
