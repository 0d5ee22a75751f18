// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Defines haptic data for each user control object for video streaming application
public struct HapticRect: Codable, Hashable, Sendable {
    /// A user control spatial identifier Range 0...2000000000.
    public var id: Int

    /// The position of the haptic rectangle to be highlighted. The center of this rectangle will be "touched" when a
    /// press occurs.
    public var rect: Rectangle

    /// Creates a value from its fields; optional fields default to absent.
    public init(id: Int, rect: Rectangle) {
        self.id = id
        self.rect = rect
    }
}
