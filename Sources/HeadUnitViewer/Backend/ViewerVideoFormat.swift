/// A video format as the head unit names it: a codec and a transport protocol.
///
/// Both are open strings because they come from the wire (`VideoStreamingCodec`, `VideoStreamingProtocol` in
/// MOBILE_API.xml): an unknown value is shown, not refused.
///
/// ```swift
/// let format = ViewerVideoFormat(codec: "H264", protocol: "RAW")
/// ```
public struct ViewerVideoFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The codec, for example `H264`.
    public var codec: String
    /// The transport protocol, for example `RAW` or `RTP`.
    public var `protocol`: String

    /// Creates a format.
    /// - Parameters:
    ///   - codec: The codec name, for example `H264`.
    ///   - protocol: The protocol name, for example `RAW`.
    public init(codec: String, protocol: String) {
        self.codec = codec
        self.protocol = `protocol`
    }

    /// H.264 over RAW, the format the projection prefers.
    public static let h264RAW = ViewerVideoFormat(codec: "H264", protocol: "RAW")
    /// H.264 over RTP.
    public static let h264RTP = ViewerVideoFormat(codec: "H264", protocol: "RTP")

    public var description: String { "\(codec)/\(self.protocol)" }
}
