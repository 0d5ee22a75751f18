// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Triggers an interaction (e.g. "Permit GPS?" - Yes, no, Always Allow).
///
/// The `PerformInteraction` request, function id 10 (0xA).
public struct PerformInteraction: RPCRequest, Hashable {
    public typealias Response = PerformInteractionResponse

    public static let functionID = FunctionID.performInteraction

    /// Text to be displayed first. At most 500 characters.
    public var initialText: String

    /// This is the initial prompt spoken to the user at the start of an interaction. An array of text chunks of type
    /// TTSChunk. See TTSChunk. The array must have at least one item. 1...100 items.
    public var initialPrompt: [TTSChunk]?

    /// See InteractionMode.
    public var interactionMode: InteractionMode

    /// List of interaction choice set IDs to use with an interaction. Range 0...2000000000. 0...100 items.
    public var interactionChoiceSetIDList: [Int]

    /// Help text. This is the spoken string when a user speaks "help" when the interaction is occurring. An array of
    /// text chunks of type TTSChunk. See TTSChunk. The array must have at least one item. 1...100 items.
    public var helpPrompt: [TTSChunk]?

    /// Timeout text. This text is spoken when a VR interaction times out. An array of text chunks of type TTSChunk. See
    /// TTSChunk. The array must have at least one item. 1...100 items.
    public var timeoutPrompt: [TTSChunk]?

    /// Timeout in milliseconds. If omitted a standard value of 10000 milliseconds is used. Applies only to the menu
    /// portion of the interaction. The VR timeout will be handled by the platform. Range 5000...100000. Head unit
    /// default: 10000.
    public var timeout: Int?

    /// Ability to send suggested VR Help Items to display on-screen during Perform Interaction. If omitted on supported
    /// displays, the default generated list of suggested choices shall be displayed. 1...100 items.
    public var vrHelp: [VrHelpItem]?

    /// See LayoutMode.
    public var interactionLayout: LayoutMode?

    /// An ID for this specific PerformInteraction to allow cancellation through the `CancelInteraction` RPC.
    public var cancelID: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        initialText: String,
        initialPrompt: [TTSChunk]? = nil,
        interactionMode: InteractionMode,
        interactionChoiceSetIDList: [Int],
        helpPrompt: [TTSChunk]? = nil,
        timeoutPrompt: [TTSChunk]? = nil,
        timeout: Int? = nil,
        vrHelp: [VrHelpItem]? = nil,
        interactionLayout: LayoutMode? = nil,
        cancelID: Int? = nil
    ) {
        self.initialText = initialText
        self.initialPrompt = initialPrompt
        self.interactionMode = interactionMode
        self.interactionChoiceSetIDList = interactionChoiceSetIDList
        self.helpPrompt = helpPrompt
        self.timeoutPrompt = timeoutPrompt
        self.timeout = timeout
        self.vrHelp = vrHelp
        self.interactionLayout = interactionLayout
        self.cancelID = cancelID
    }
}

/// The `PerformInteraction` response, function id 10 (0xA).
public struct PerformInteractionResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.performInteraction

    /// true if successful; false, if failed
    public var success: Bool

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// ID of the choice that was selected in response to PerformInteraction. Only is valid if general result is
    /// "success:true". Range 0...2000000000.
    public var choiceID: Int?

    /// Manually entered text selection, e.g. through keyboard Can be returned in lieu of choiceID, depending on trigger
    /// source At most 500 characters.
    public var manualTextEntry: String?

    /// See TriggerSource Only is valid if resultCode is SUCCESS.
    public var triggerSource: TriggerSource?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        success: Bool,
        resultCode: ResultCode,
        info: String? = nil,
        choiceID: Int? = nil,
        manualTextEntry: String? = nil,
        triggerSource: TriggerSource? = nil
    ) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
        self.choiceID = choiceID
        self.manualTextEntry = manualTextEntry
        self.triggerSource = triggerSource
    }
}
