// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enum for each type of video streaming protocol type.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VideoStreamingProtocol: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Raw stream bytes that contains no timestamp data and is the lowest supported video streaming
    public static let raw = VideoStreamingProtocol(rawValue: "RAW")

    /// RTP facilitates the transfer of real-time data. Information provided by this protocol include timestamps (for
    /// synchronization), sequence numbers (for packet loss and reordering detection) and the payload format which
    /// indicates the encoded format of the data.
    public static let rtp = VideoStreamingProtocol(rawValue: "RTP")

    /// The transmission of streaming data itself is not a task of RTSP. Most RTSP servers use the Real-time Transport
    /// Protocol (RTP) in conjunction with Real-time Control Protocol (RTCP) for media stream delivery. However, some
    /// vendors implement proprietary transport protocols.
    public static let rtsp = VideoStreamingProtocol(rawValue: "RTSP")

    /// Real-Time Messaging Protocol (RTMP) was initially a proprietary protocol developed by Macromedia for streaming
    /// audio, video and data over the Internet, between a Flash player and a server. Macromedia is now owned by Adobe,
    /// which has released an incomplete version of the specification of the protocol for public use.
    public static let rtmp = VideoStreamingProtocol(rawValue: "RTMP")

    /// The WebM container is based on a profile of Matroska. WebM initially supported VP8 video and Vorbis audio
    /// streams. In 2013 it was updated to accommodate VP9 video and Opus audio.
    public static let webm = VideoStreamingProtocol(rawValue: "WEBM")
}
