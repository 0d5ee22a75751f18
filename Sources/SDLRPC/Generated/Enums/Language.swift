// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct Language: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// English - US
    public static let enUs = Language(rawValue: "EN-US")

    /// Spanish - Mexico
    public static let esMx = Language(rawValue: "ES-MX")

    /// French - Canada
    public static let frCa = Language(rawValue: "FR-CA")

    /// German - Germany
    public static let deDe = Language(rawValue: "DE-DE")

    /// Spanish - Spain
    public static let esEs = Language(rawValue: "ES-ES")

    /// English - GB
    public static let enGb = Language(rawValue: "EN-GB")

    /// Russian - Russia
    public static let ruRu = Language(rawValue: "RU-RU")

    /// Turkish - Turkey
    public static let trTr = Language(rawValue: "TR-TR")

    /// Polish - Poland
    public static let plPl = Language(rawValue: "PL-PL")

    /// French - France
    public static let frFr = Language(rawValue: "FR-FR")

    /// Italian - Italy
    public static let itIt = Language(rawValue: "IT-IT")

    /// Swedish - Sweden
    public static let svSe = Language(rawValue: "SV-SE")

    /// Portuguese - Portugal
    public static let ptPt = Language(rawValue: "PT-PT")

    /// Dutch (Standard) - Netherlands
    public static let nlNl = Language(rawValue: "NL-NL")

    /// English - Australia
    public static let enAu = Language(rawValue: "EN-AU")

    /// Mandarin - China
    public static let zhCn = Language(rawValue: "ZH-CN")

    /// Mandarin - Taiwan
    public static let zhTw = Language(rawValue: "ZH-TW")

    /// Japanese - Japan
    public static let jaJp = Language(rawValue: "JA-JP")

    /// Arabic - Saudi Arabia
    public static let arSa = Language(rawValue: "AR-SA")

    /// Korean - South Korea
    public static let koKr = Language(rawValue: "KO-KR")

    /// Portuguese - Brazil
    public static let ptBr = Language(rawValue: "PT-BR")

    /// Czech - Czech Republic
    public static let csCz = Language(rawValue: "CS-CZ")

    /// Danish - Denmark
    public static let daDk = Language(rawValue: "DA-DK")

    /// Norwegian - Norway
    public static let noNo = Language(rawValue: "NO-NO")

    /// Dutch (Flemish) - Belgium
    public static let nlBe = Language(rawValue: "NL-BE")

    /// Greek - Greece
    public static let elGr = Language(rawValue: "EL-GR")

    /// Hungarian - Hungary
    public static let huHu = Language(rawValue: "HU-HU")

    /// Finnish - Finland
    public static let fiFi = Language(rawValue: "FI-FI")

    /// Slovak - Slovakia
    public static let skSk = Language(rawValue: "SK-SK")

    /// English - India
    public static let enIn = Language(rawValue: "EN-IN")

    /// Thai - Thailand
    public static let thTh = Language(rawValue: "TH-TH")

    /// English - Middle East
    public static let enSa = Language(rawValue: "EN-SA")

    /// Hebrew - Israel
    public static let heIl = Language(rawValue: "HE-IL")

    /// Romanian - Romania
    public static let roRo = Language(rawValue: "RO-RO")

    /// Ukrainian - Ukraine
    public static let ukUa = Language(rawValue: "UK-UA")

    /// Indonesian - Indonesia
    public static let idId = Language(rawValue: "ID-ID")

    /// Vietnamese - Vietnam
    public static let viVn = Language(rawValue: "VI-VN")

    /// Malay - Malaysia
    public static let msMy = Language(rawValue: "MS-MY")

    /// Hindi - India
    public static let hiIn = Language(rawValue: "HI-IN")
}
