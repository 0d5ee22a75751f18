// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// For application-requested interactions, this mode indicates the method in which the user is notified and uses the
/// interaction.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct InteractionMode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// This mode causes the interaction to only occur on the display, meaning the choices are provided only via the
    /// display. No Voice Interaction.
    public static let manualOnly = InteractionMode(rawValue: "MANUAL_ONLY")

    /// This mode causes the interaction to only occur using the headunits VR system. Selections are made by saying the
    /// command.
    public static let vrOnly = InteractionMode(rawValue: "VR_ONLY")

    /// This mode causes both a VR and display selection option for an interaction. The user will first be asked via
    /// Voice Interaction (if available). If this is unsuccessful, the system will switch to manual input.
    public static let both = InteractionMode(rawValue: "BOTH")
}
