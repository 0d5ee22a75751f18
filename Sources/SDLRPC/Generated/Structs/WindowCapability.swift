// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct WindowCapability: Codable, Hashable, Sendable {
    /// The specified ID of the window. This ID is either one used when sending the CreateWindow request, or one of the
    /// predefined window ID values from the enum PredefinedWindows. If omitted, value is assumed to be the main window
    /// on the main display.
    public var windowID: Int?

    /// A set of all fields that support text data. See TextField 1...100 items.
    public var textFields: [TextField]?

    /// A set of all fields that support images. See ImageField 1...100 items.
    public var imageFields: [ImageField]?

    /// Provides information about image types supported by the system. 0...1000 items.
    public var imageTypeSupported: [ImageType]?

    /// A set of all window templates available on the head unit. At most 100 characters. 0...100 items.
    public var templatesAvailable: [String]?

    /// The number of on-window custom presets available (if any); otherwise omitted. Range 1...100.
    public var numCustomPresetsAvailable: Int?

    /// The number of buttons and the capabilities of each on-window button. 1...100 items.
    public var buttonCapabilities: [ButtonCapabilities]?

    /// The number of soft buttons available on-window and the capabilities for each button. 1...100 items.
    public var softButtonCapabilities: [SoftButtonCapabilities]?

    /// An array of available menu layouts. If this parameter is not provided, only the `LIST` layout is assumed to be
    /// available 1...1000 items.
    public var menuLayoutsAvailable: [MenuLayout]?

    /// Contains the head unit's capabilities for dynamic updating features declaring if the module will send dynamic
    /// update RPCs.
    public var dynamicUpdateCapabilities: DynamicUpdateCapabilities?

    /// See KeyboardCapabilities
    public var keyboardCapabilities: KeyboardCapabilities?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        windowID: Int? = nil,
        textFields: [TextField]? = nil,
        imageFields: [ImageField]? = nil,
        imageTypeSupported: [ImageType]? = nil,
        templatesAvailable: [String]? = nil,
        numCustomPresetsAvailable: Int? = nil,
        buttonCapabilities: [ButtonCapabilities]? = nil,
        softButtonCapabilities: [SoftButtonCapabilities]? = nil,
        menuLayoutsAvailable: [MenuLayout]? = nil,
        dynamicUpdateCapabilities: DynamicUpdateCapabilities? = nil,
        keyboardCapabilities: KeyboardCapabilities? = nil
    ) {
        self.windowID = windowID
        self.textFields = textFields
        self.imageFields = imageFields
        self.imageTypeSupported = imageTypeSupported
        self.templatesAvailable = templatesAvailable
        self.numCustomPresetsAvailable = numCustomPresetsAvailable
        self.buttonCapabilities = buttonCapabilities
        self.softButtonCapabilities = softButtonCapabilities
        self.menuLayoutsAvailable = menuLayoutsAvailable
        self.dynamicUpdateCapabilities = dynamicUpdateCapabilities
        self.keyboardCapabilities = keyboardCapabilities
    }
}

extension WindowCapability {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: WindowCapability) -> WindowCapability {
        WindowCapability(
            windowID: update.windowID ?? windowID,
            textFields: update.textFields ?? textFields,
            imageFields: update.imageFields ?? imageFields,
            imageTypeSupported: update.imageTypeSupported ?? imageTypeSupported,
            templatesAvailable: update.templatesAvailable ?? templatesAvailable,
            numCustomPresetsAvailable: update.numCustomPresetsAvailable ?? numCustomPresetsAvailable,
            buttonCapabilities: update.buttonCapabilities ?? buttonCapabilities,
            softButtonCapabilities: update.softButtonCapabilities ?? softButtonCapabilities,
            menuLayoutsAvailable: update.menuLayoutsAvailable ?? menuLayoutsAvailable,
            dynamicUpdateCapabilities: update.dynamicUpdateCapabilities ?? dynamicUpdateCapabilities,
            keyboardCapabilities: update.keyboardCapabilities ?? keyboardCapabilities
        )
    }
}
