// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Allows setting global properties.
///
/// The `SetGlobalProperties` request, function id 3 (0x3).
public struct SetGlobalProperties: RPCRequest, Hashable {
    public typealias Response = SetGlobalPropertiesResponse

    public static let functionID = FunctionID.setGlobalProperties

    /// Location of the user's seat. Default is driver's seat location if it is not set yet.
    public var userLocation: SeatLocation?

    /// The help prompt. An array of text chunks of type TTSChunk. See TTSChunk. The array must have at least one item.
    /// 1...100 items.
    public var helpPrompt: [TTSChunk]?

    /// Help text for a wait timeout. An array of text chunks of type TTSChunk. See TTSChunk. The array must have at
    /// least one item. 1...100 items.
    public var timeoutPrompt: [TTSChunk]?

    /// VR Help Title text. If omitted on supported displays, the default module help title shall be used. If omitted
    /// and one or more vrHelp items are provided, the request will be rejected. At most 500 characters.
    public var vrHelpTitle: String?

    /// VR Help Items. If omitted on supported displays, the default SmartDeviceLink VR help / What Can I Say? screen
    /// shall be used. If the list of VR Help Items contains nonsequential positions (e.g. [1,2,4]), the RPC shall be
    /// rejected. If omitted and a vrHelpTitle is provided, the request will be rejected. 1...100 items.
    public var vrHelp: [VrHelpItem]?

    /// Optional text to label an app menu button (for certain touchscreen platforms). At most 500 characters.
    public var menuTitle: String?

    /// Optional icon to draw on an app menu button (for certain touchscreen platforms).
    public var menuIcon: Image?

    /// On-screen keyboard configuration (if available).
    public var keyboardProperties: KeyboardProperties?

    /// Sets the layout of the main menu screen. If this is sent while a menu is already on-screen, the head unit will
    /// change the display to the new layout type.
    public var menuLayout: MenuLayout?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        userLocation: SeatLocation? = nil,
        helpPrompt: [TTSChunk]? = nil,
        timeoutPrompt: [TTSChunk]? = nil,
        vrHelpTitle: String? = nil,
        vrHelp: [VrHelpItem]? = nil,
        menuTitle: String? = nil,
        menuIcon: Image? = nil,
        keyboardProperties: KeyboardProperties? = nil,
        menuLayout: MenuLayout? = nil
    ) {
        self.userLocation = userLocation
        self.helpPrompt = helpPrompt
        self.timeoutPrompt = timeoutPrompt
        self.vrHelpTitle = vrHelpTitle
        self.vrHelp = vrHelp
        self.menuTitle = menuTitle
        self.menuIcon = menuIcon
        self.keyboardProperties = keyboardProperties
        self.menuLayout = menuLayout
    }
}

/// The `SetGlobalProperties` response, function id 3 (0x3).
public struct SetGlobalPropertiesResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.setGlobalProperties

    /// true if successful; false, if failed
    public var success: Bool

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(success: Bool, resultCode: ResultCode, info: String? = nil) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
    }
}
