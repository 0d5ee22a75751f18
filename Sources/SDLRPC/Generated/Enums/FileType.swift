// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration listing possible file types.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct FileType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let graphicBmp = FileType(rawValue: "GRAPHIC_BMP")

    public static let graphicJpeg = FileType(rawValue: "GRAPHIC_JPEG")

    public static let graphicPng = FileType(rawValue: "GRAPHIC_PNG")

    public static let audioWave = FileType(rawValue: "AUDIO_WAVE")

    public static let audioMp3 = FileType(rawValue: "AUDIO_MP3")

    public static let audioAac = FileType(rawValue: "AUDIO_AAC")

    public static let binary = FileType(rawValue: "BINARY")

    public static let json = FileType(rawValue: "JSON")
}
