// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct MediaClockFormat: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// minutesFieldWidth = 2;minutesFieldMax = 19;secondsFieldWidth = 2;secondsFieldMax = 99;maxHours = 19;maxMinutes =
    /// 59;maxSeconds = 59; used for Type II and CID headunits
    public static let clock1 = MediaClockFormat(rawValue: "CLOCK1")

    /// minutesFieldWidth = 3;minutesFieldMax = 199;secondsFieldWidth = 2;secondsFieldMax = 99;maxHours = 59;maxMinutes
    /// = 59;maxSeconds = 59; used for Type V headunit
    public static let clock2 = MediaClockFormat(rawValue: "CLOCK2")

    /// minutesFieldWidth = 2;minutesFieldMax = 59;secondsFieldWidth = 2;secondsFieldMax = 59;maxHours = 9;maxMinutes =
    /// 59;maxSeconds = 59; used for GEN1.1 MFD3/4/5 headunits
    public static let clock3 = MediaClockFormat(rawValue: "CLOCK3")

    /// 5 characters possible Format: 1|sp c :|sp c c 1|sp : digit "1" or space c : character out of following character
    /// set: sp|0-9|[letters, see TypeII column in XLS. See [@TODO: create file ref]] :|sp : colon or space used for
    /// Type II headunit
    public static let clocktext1 = MediaClockFormat(rawValue: "CLOCKTEXT1")

    /// 5 chars possible Format: 1|sp c :|sp c c 1|sp : digit "1" or space c : character out of following character set:
    /// sp|0-9|[letters, see CID column in XLS. See [@TODO: create file ref]] :|sp : colon or space used for CID
    /// headunit NOTE: difference between CLOCKTEXT1 and CLOCKTEXT2 is the supported character set
    public static let clocktext2 = MediaClockFormat(rawValue: "CLOCKTEXT2")

    /// 6 chars possible Format: 1|sp c c :|sp c c 1|sp : digit "1" or space c : character out of following character
    /// set: sp|0-9|[letters, see Type 5 column in XLS]. See [@TODO: create file ref] :|sp : colon or space used for
    /// Type V headunit
    public static let clocktext3 = MediaClockFormat(rawValue: "CLOCKTEXT3")

    /// 6 chars possible Format: c :|sp c c : c c :|sp : colon or space c : character out of following character set:
    /// sp|0-9|[letters]. used for GEN1.1 MFD3/4/5 headunits
    public static let clocktext4 = MediaClockFormat(rawValue: "CLOCKTEXT4")
}
