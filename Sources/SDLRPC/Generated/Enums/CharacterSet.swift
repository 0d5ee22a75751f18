// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The list of potential character sets
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct CharacterSet: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Deprecated in the spec.
    public static let type2set = CharacterSet(rawValue: "TYPE2SET")

    /// Deprecated in the spec.
    public static let type5set = CharacterSet(rawValue: "TYPE5SET")

    /// Deprecated in the spec.
    public static let cid1set = CharacterSet(rawValue: "CID1SET")

    /// Deprecated in the spec.
    public static let cid2set = CharacterSet(rawValue: "CID2SET")

    /// ASCII as defined in https://en.wikipedia.org/wiki/ASCII as defined in codes 0-127. Non-printable characters such
    /// as tabs and back spaces are ignored.
    public static let ascii = CharacterSet(rawValue: "ASCII")

    /// Latin-1, as defined in https://en.wikipedia.org/wiki/ISO/IEC_8859-1
    public static let iso88591 = CharacterSet(rawValue: "ISO_8859_1")

    /// The UTF-8 character set that uses variable bytes per code point. See https://en.wikipedia.org/wiki/UTF-8 for
    /// more details. This is the preferred character set.
    public static let utf8 = CharacterSet(rawValue: "UTF_8")
}
