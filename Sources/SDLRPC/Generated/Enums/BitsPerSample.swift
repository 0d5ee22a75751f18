// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Describes different quality options for PerformAudioPassThru.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct BitsPerSample: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Audio sample is 8 bits wide, unsigned.
    public static let bitsPerSample8Bit = BitsPerSample(rawValue: "8_BIT")

    /// Audio sample is 16 bits wide, signed, and in little endian.
    public static let bitsPerSample16Bit = BitsPerSample(rawValue: "16_BIT")
}
