// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// The `OnLanguageChange` notification, function id 32778 (0x800A).
public struct OnLanguageChange: RPCNotification, Hashable {
    public static let functionID = FunctionID.onLanguageChange

    /// Current SDL voice engine (VR+TTS) language
    public var language: Language

    /// Current display language
    public var hmiDisplayLanguage: Language

    /// Creates a value from its fields; optional fields default to absent.
    public init(language: Language, hmiDisplayLanguage: Language) {
        self.language = language
        self.hmiDisplayLanguage = hmiDisplayLanguage
    }
}
