// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// For touchscreen interactions, the mode of how the choices are presented.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct LayoutMode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// This mode causes the interaction to display the previous set of choices as icons.
    public static let iconOnly = LayoutMode(rawValue: "ICON_ONLY")

    /// This mode causes the interaction to display the previous set of choices as icons along with a search field in
    /// the HMI.
    public static let iconWithSearch = LayoutMode(rawValue: "ICON_WITH_SEARCH")

    /// This mode causes the interaction to display the previous set of choices as a list.
    public static let listOnly = LayoutMode(rawValue: "LIST_ONLY")

    /// This mode causes the interaction to display the previous set of choices as a list along with a search field in
    /// the HMI.
    public static let listWithSearch = LayoutMode(rawValue: "LIST_WITH_SEARCH")

    /// This mode causes the interaction to immediately display a keyboard entry through the HMI.
    public static let keyboard = LayoutMode(rawValue: "KEYBOARD")
}
