// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// See DAES for further infos regarding the displays
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct DisplayType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let cid = DisplayType(rawValue: "CID")

    public static let type2 = DisplayType(rawValue: "TYPE2")

    public static let type5 = DisplayType(rawValue: "TYPE5")

    public static let ngn = DisplayType(rawValue: "NGN")

    public static let gen28Dma = DisplayType(rawValue: "GEN2_8_DMA")

    public static let gen26Dma = DisplayType(rawValue: "GEN2_6_DMA")

    public static let mfd3 = DisplayType(rawValue: "MFD3")

    public static let mfd4 = DisplayType(rawValue: "MFD4")

    public static let mfd5 = DisplayType(rawValue: "MFD5")

    public static let gen38Inch = DisplayType(rawValue: "GEN3_8-INCH")

    public static let sdlGeneric = DisplayType(rawValue: "SDL_GENERIC")
}
