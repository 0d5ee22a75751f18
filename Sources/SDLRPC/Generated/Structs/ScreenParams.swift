// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ScreenParams: Codable, Hashable, Sendable {
    /// The resolution of the prescribed screen area.
    public var resolution: ImageResolution

    /// Types of screen touch events available in screen area.
    public var touchEventAvailable: TouchEventCapabilities?

    /// Creates a value from its fields; optional fields default to absent.
    public init(resolution: ImageResolution, touchEventAvailable: TouchEventCapabilities? = nil) {
        self.resolution = resolution
        self.touchEventAvailable = touchEventAvailable
    }
}
