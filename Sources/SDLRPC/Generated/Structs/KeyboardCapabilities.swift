// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct KeyboardCapabilities: Codable, Hashable, Sendable {
    /// Availability of capability to mask input characters using keyboard. True: Available, False: Not Available
    public var maskInputCharactersSupported: Bool?

    /// Capabilities of supported keyboard layouts by HMI. 1...1000 items.
    public var supportedKeyboards: [KeyboardLayoutCapability]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(maskInputCharactersSupported: Bool? = nil, supportedKeyboards: [KeyboardLayoutCapability]? = nil) {
        self.maskInputCharactersSupported = maskInputCharactersSupported
        self.supportedKeyboards = supportedKeyboards
    }
}

extension KeyboardCapabilities {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: KeyboardCapabilities) -> KeyboardCapabilities {
        KeyboardCapabilities(
            maskInputCharactersSupported: update.maskInputCharactersSupported ?? maskInputCharactersSupported,
            supportedKeyboards: update.supportedKeyboards ?? supportedKeyboards
        )
    }
}
