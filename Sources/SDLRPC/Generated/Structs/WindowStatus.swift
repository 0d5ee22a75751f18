// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes the status of a window of a door/liftgate etc.
public struct WindowStatus: Codable, Hashable, Sendable {
    public var location: Grid

    public var state: WindowState

    /// Creates a value from its fields; optional fields default to absent.
    public init(location: Grid, state: WindowState) {
        self.location = location
        self.state = state
    }
}
