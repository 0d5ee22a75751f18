public import SDLRPC

/// A stream the head unit accepted: what is being encoded and how it maps onto the head unit's screen.
///
/// ```swift
/// if case .started(let stream) = event {
///     layOut(width: stream.size.width, height: stream.size.height)
///     let point = stream.scale.viewPoint(x: touchX, y: touchY)
/// }
/// ```
public struct VideoStreamDescription: Hashable, Sendable, CustomStringConvertible {
    /// The encoded size, which is also the size the app lays out at (display ÷ scale).
    public var size: ImageResolution
    /// The head unit's size for the stream, in its pixels.
    public var displaySize: ImageResolution
    /// The scale between the two, for touches and haptic rectangles.
    public var scale: VideoScale
    /// RAW or RTP, H.264.
    public var format: VideoStreamingFormat
    /// Whether the service runs encrypted (the ACK's encryption bit).
    public var isEncrypted: Bool
    /// Whether the head unit uses haptic rectangles on this screen.
    public var hapticSpatialDataSupported: Bool

    public init(
        size: ImageResolution,
        displaySize: ImageResolution,
        scale: VideoScale,
        format: VideoStreamingFormat,
        isEncrypted: Bool,
        hapticSpatialDataSupported: Bool
    ) {
        self.size = size
        self.displaySize = displaySize
        self.scale = scale
        self.format = format
        self.isEncrypted = isEncrypted
        self.hapticSpatialDataSupported = hapticSpatialDataSupported
    }

    public var description: String {
        let encryption = isEncrypted ? " encrypted" : ""
        return "\(size) \(format.codec.rawValue)/\(format.protocol.rawValue) on \(displaySize)\(encryption)"
    }
}
