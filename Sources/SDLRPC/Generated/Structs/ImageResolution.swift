// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ImageResolution: Codable, Hashable, Sendable {
    /// The image resolution width. Range 1...10000.
    public var resolutionWidth: Int

    /// The image resolution height. Range 1...10000.
    public var resolutionHeight: Int

    /// Creates a value from its fields; optional fields default to absent.
    public init(resolutionWidth: Int, resolutionHeight: Int) {
        self.resolutionWidth = resolutionWidth
        self.resolutionHeight = resolutionHeight
    }
}
