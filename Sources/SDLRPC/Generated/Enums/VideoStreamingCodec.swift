// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enum for each type of video streaming codec.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VideoStreamingCodec: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A block-oriented motion-compensation-based video compression standard. As of 2014 it is one of the most commonly
    /// used formats for the recording, compression, and distribution of video content.
    public static let h264 = VideoStreamingCodec(rawValue: "H264")

    /// High Efficiency Video Coding (HEVC), also known as H.265 and MPEG-H Part 2, is a video compression standard, one
    /// of several potential successors to the widely used AVC (H.264 or MPEG-4 Part 10). In comparison to AVC, HEVC
    /// offers about double the data compression ratio at the same level of video quality, or substantially improved
    /// video quality at the same bit rate. It supports resolutions up to 8192x4320, including 8K UHD.
    public static let h265 = VideoStreamingCodec(rawValue: "H265")

    /// Theora is derived from the formerly proprietary VP3 codec, released into the public domain by On2 Technologies.
    /// It is broadly comparable in design and bitrate efficiency to MPEG-4 Part 2, early versions of Windows Media
    /// Video, and RealVideo while lacking some of the features present in some of these other codecs. It is comparable
    /// in open standards philosophy to the BBC's Dirac codec.
    public static let theora = VideoStreamingCodec(rawValue: "Theora")

    /// VP8 can be multiplexed into the Matroska-based container format WebM along with Vorbis and Opus audio. The image
    /// format WebP is based on VP8's intra-frame coding. VP8's direct successor, VP9, and the emerging royalty-free
    /// internet video format AV1 from the Alliance for Open Media (AOMedia) are based on VP8.
    public static let vp8 = VideoStreamingCodec(rawValue: "VP8")

    /// Similar to VP8, but VP9 is customized for video resolutions beyond high-definition video (UHD) and also enables
    /// lossless compression.
    public static let vp9 = VideoStreamingCodec(rawValue: "VP9")
}
