// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Configuration of on-screen keyboard (if available).
public struct KeyboardProperties: Codable, Hashable, Sendable {
    /// The keyboard language.
    public var language: Language?

    /// Desired keyboard layout.
    public var keyboardLayout: KeyboardLayout?

    /// Desired keypress mode. If omitted, this value will be set to RESEND_CURRENT_ENTRY.
    public var keypressMode: KeypressMode?

    /// Array of keyboard characters to enable. At most 1 characters. 1...100 items.
    public var limitedCharacterList: [String]?

    /// Deprecated, use autoCompleteList instead. At most 1000 characters. Deprecated in the spec, still sent by head
    /// units.
    public var autoCompleteText: String?

    /// Allows an app to pre-populate the text field with a list of suggested or completed entries as the user types. If
    /// empty, the auto-complete list will be removed from the screen. At most 1000 characters. 0...100 items.
    public var autoCompleteList: [String]?

    /// Allows an app to mask entered characters on HMI
    public var maskInputCharacters: KeyboardInputMask?

    /// Array of special characters to show in customizable keys. If omitted, keyboard will show default special
    /// characters At most 1 characters. 1...10 items.
    public var customKeys: [String]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        language: Language? = nil,
        keyboardLayout: KeyboardLayout? = nil,
        keypressMode: KeypressMode? = nil,
        limitedCharacterList: [String]? = nil,
        autoCompleteText: String? = nil,
        autoCompleteList: [String]? = nil,
        maskInputCharacters: KeyboardInputMask? = nil,
        customKeys: [String]? = nil
    ) {
        self.language = language
        self.keyboardLayout = keyboardLayout
        self.keypressMode = keypressMode
        self.limitedCharacterList = limitedCharacterList
        self.autoCompleteText = autoCompleteText
        self.autoCompleteList = autoCompleteList
        self.maskInputCharacters = maskInputCharacters
        self.customKeys = customKeys
    }
}

extension KeyboardProperties {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: KeyboardProperties) -> KeyboardProperties {
        KeyboardProperties(
            language: update.language ?? language,
            keyboardLayout: update.keyboardLayout ?? keyboardLayout,
            keypressMode: update.keypressMode ?? keypressMode,
            limitedCharacterList: update.limitedCharacterList ?? limitedCharacterList,
            autoCompleteText: update.autoCompleteText ?? autoCompleteText,
            autoCompleteList: update.autoCompleteList ?? autoCompleteList,
            maskInputCharacters: update.maskInputCharacters ?? maskInputCharacters,
            customKeys: update.customKeys ?? customKeys
        )
    }
}
