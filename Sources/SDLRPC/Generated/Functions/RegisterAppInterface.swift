// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Establishes an interface with a mobile application. Before registerAppInterface no other commands will be
/// accepted/executed.
///
/// The `RegisterAppInterface` request, function id 1 (0x1).
public struct RegisterAppInterface: RPCRequest, Hashable {
    public typealias Response = RegisterAppInterfaceResponse

    public static let functionID = FunctionID.registerAppInterface

    /// See SyncMsgVersion
    public var syncMsgVersion: SyncMsgVersion

    /// The mobile application name, e.g. "My SDL App". Needs to be unique over all applications from the same device.
    /// May not be empty. May not start with a new line character. May not interfere with any name or synonym of
    /// previously registered applications from the same device and any predefined blacklist of words (global commands)
    /// Additional applications with the same name from the same device will be rejected. Only characters from char set
    /// [@TODO: Create char set (character/hex value) for each ACM and refer to] are supported. At most 100 characters.
    public var appName: String

    /// TTS string for VR recognition of the mobile application name, e.g. "My S D L App". Meant to overcome any failing
    /// on speech engine in properly pronouncing / understanding app name. Needs to be unique over all applications from
    /// the same device. May not be empty. May not start with a new line character. Only characters from char set
    /// [@TODO: Create char set (character/hex value) for each ACM and refer to] are supported. 1...100 items.
    public var ttsName: [TTSChunk]?

    /// Provides an abbreviated version of the app name (if needed), that will be displayed on the NGN media screen. If
    /// not provided, the appName is used instead (and will be truncated if too long) Only characters from char set
    /// [@TODO: Create char set (character/hex value) for each ACM and refer to] are supported. At most 100 characters.
    public var ngnMediaScreenAppName: String?

    /// Defines an additional voice recognition command. May not interfere with any app name of previously registered
    /// applications from the same device and any predefined blacklist of words (global commands) Only characters from
    /// char set [@TODO: Create char set (character/hex value) for each ACM and refer to] are supported. At most 40
    /// characters. 1...100 items.
    public var vrSynonyms: [String]?

    /// Indicates if the application is a media or a non-media application. Only media applications will be able to
    /// stream audio to the module that is audible outside of the BT media source.
    public var isMediaApplication: Bool

    /// See Language Current app's expected VR+TTS language If there is a mismatch with the module, the app will be able
    /// to change this registration with changeRegistration prior to app being brought into focus.
    public var languageDesired: Language

    /// See Language Current app's expected display language If there is a mismatch with the module, the app will be
    /// able to change this registration with changeRegistration prior to app being brought into focus.
    public var hmiDisplayLanguageDesired: Language

    /// See AppHMIType List of all applicable app HMI types stating which HMI classifications to be given to the app.
    /// 1...100 items.
    public var appHMIType: [AppHMIType]?

    /// ID used to uniquely identify current state of all app data that can persist through connection cycles (e.g.
    /// ignition cycles). This registered data (commands, submenus, choice sets, etc.) can be reestablished without
    /// needing to explicitly reregister each piece. If omitted, then the previous state of an app's commands, etc. will
    /// not be restored. When sending hashID, all RegisterAppInterface parameters should still be provided (e.g.
    /// ttsName, etc.). At most 100 characters.
    public var hashID: String?

    /// See DeviceInfo.
    public var deviceInfo: DeviceInfo?

    /// ID used to validate app with policy table entries At most 100 characters.
    public var appID: String

    /// ID used to validate app with policy table entries At most 100 characters.
    public var fullAppID: String?

    /// See AppInfo.
    public var appInfo: AppInfo?

    public var dayColorScheme: TemplateColorScheme?

    public var nightColorScheme: TemplateColorScheme?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        syncMsgVersion: SyncMsgVersion,
        appName: String,
        ttsName: [TTSChunk]? = nil,
        ngnMediaScreenAppName: String? = nil,
        vrSynonyms: [String]? = nil,
        isMediaApplication: Bool,
        languageDesired: Language,
        hmiDisplayLanguageDesired: Language,
        appHMIType: [AppHMIType]? = nil,
        hashID: String? = nil,
        deviceInfo: DeviceInfo? = nil,
        appID: String,
        fullAppID: String? = nil,
        appInfo: AppInfo? = nil,
        dayColorScheme: TemplateColorScheme? = nil,
        nightColorScheme: TemplateColorScheme? = nil
    ) {
        self.syncMsgVersion = syncMsgVersion
        self.appName = appName
        self.ttsName = ttsName
        self.ngnMediaScreenAppName = ngnMediaScreenAppName
        self.vrSynonyms = vrSynonyms
        self.isMediaApplication = isMediaApplication
        self.languageDesired = languageDesired
        self.hmiDisplayLanguageDesired = hmiDisplayLanguageDesired
        self.appHMIType = appHMIType
        self.hashID = hashID
        self.deviceInfo = deviceInfo
        self.appID = appID
        self.fullAppID = fullAppID
        self.appInfo = appInfo
        self.dayColorScheme = dayColorScheme
        self.nightColorScheme = nightColorScheme
    }
}

/// The response to registerAppInterface
///
/// The `RegisterAppInterface` response, function id 1 (0x1).
public struct RegisterAppInterfaceResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.registerAppInterface

    /// true if successful; false, if failed
    public var success: Bool

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// See SyncMsgVersion
    public var syncMsgVersion: SyncMsgVersion?

    /// The currently active VR+TTS language on the module. See "Language" for options.
    public var language: Language?

    /// The currently active display language on the module. See "Language" for options.
    public var hmiDisplayLanguage: Language?

    /// See DisplayCapabilities. This parameter is deprecated and replaced by SystemCapability using DISPLAYS.
    /// Deprecated in the spec, still sent by head units.
    public var displayCapabilities: DisplayCapabilities?

    /// See ButtonCapabilities. This parameter is deprecated and replaced by SystemCapability using DISPLAYS. 1...100
    /// items. Deprecated in the spec, still sent by head units.
    public var buttonCapabilities: [ButtonCapabilities]?

    /// If returned, the platform supports on-screen SoftButtons; see SoftButtonCapabilities. This parameter is
    /// deprecated and replaced by SystemCapability using DISPLAYS. 1...100 items. Deprecated in the spec, still sent by
    /// head units.
    public var softButtonCapabilities: [SoftButtonCapabilities]?

    /// If returned, the platform supports custom on-screen Presets; see PresetBankCapabilities. This parameter is
    /// deprecated and replaced by SystemCapability using DISPLAYS. Deprecated in the spec, still sent by head units.
    public var presetBankCapabilities: PresetBankCapabilities?

    /// See HmiZoneCapabilities 1...100 items.
    public var hmiZoneCapabilities: [HmiZoneCapabilities]?

    /// See SpeechCapabilities 1...100 items.
    public var speechCapabilities: [SpeechCapabilities]?

    /// See PrerecordedSpeech 1...100 items.
    public var prerecordedSpeech: [PrerecordedSpeech]?

    /// See VrCapabilities 1...100 items.
    public var vrCapabilities: [VrCapabilities]?

    /// See AudioPassThruCapability 1...100 items.
    public var audioPassThruCapabilities: [AudioPassThruCapabilities]?

    /// See AudioPassThruCapability
    public var pcmStreamCapabilities: AudioPassThruCapabilities?

    /// Specifies the vehicle's type. See VehicleType. Deprecated in the spec, still sent by head units.
    public var vehicleType: VehicleType?

    /// Specifies the white-list of supported diagnostic modes (0x00-0xFF) capable for DiagnosticMessage requests. If a
    /// mode outside this list is requested, it will be rejected. Range 0...255. 1...100 items.
    public var supportedDiagModes: [Int]?

    /// Specifies the HMI's capabilities. See HMICapabilities.
    public var hmiCapabilities: HMICapabilities?

    /// The SmartDeviceLink version. At most 100 characters.
    public var sdlVersion: String?

    /// The software version of the system that implements the SmartDeviceLink core. At most 100 characters. Deprecated
    /// in the spec, still sent by head units.
    public var systemSoftwareVersion: String?

    /// Existence of apps icon at system. If true, apps icon was resumed at system. If false, apps icon is not resumed
    /// at system
    public var iconResumed: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        success: Bool,
        resultCode: ResultCode,
        info: String? = nil,
        syncMsgVersion: SyncMsgVersion? = nil,
        language: Language? = nil,
        hmiDisplayLanguage: Language? = nil,
        displayCapabilities: DisplayCapabilities? = nil,
        buttonCapabilities: [ButtonCapabilities]? = nil,
        softButtonCapabilities: [SoftButtonCapabilities]? = nil,
        presetBankCapabilities: PresetBankCapabilities? = nil,
        hmiZoneCapabilities: [HmiZoneCapabilities]? = nil,
        speechCapabilities: [SpeechCapabilities]? = nil,
        prerecordedSpeech: [PrerecordedSpeech]? = nil,
        vrCapabilities: [VrCapabilities]? = nil,
        audioPassThruCapabilities: [AudioPassThruCapabilities]? = nil,
        pcmStreamCapabilities: AudioPassThruCapabilities? = nil,
        vehicleType: VehicleType? = nil,
        supportedDiagModes: [Int]? = nil,
        hmiCapabilities: HMICapabilities? = nil,
        sdlVersion: String? = nil,
        systemSoftwareVersion: String? = nil,
        iconResumed: Bool? = nil
    ) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
        self.syncMsgVersion = syncMsgVersion
        self.language = language
        self.hmiDisplayLanguage = hmiDisplayLanguage
        self.displayCapabilities = displayCapabilities
        self.buttonCapabilities = buttonCapabilities
        self.softButtonCapabilities = softButtonCapabilities
        self.presetBankCapabilities = presetBankCapabilities
        self.hmiZoneCapabilities = hmiZoneCapabilities
        self.speechCapabilities = speechCapabilities
        self.prerecordedSpeech = prerecordedSpeech
        self.vrCapabilities = vrCapabilities
        self.audioPassThruCapabilities = audioPassThruCapabilities
        self.pcmStreamCapabilities = pcmStreamCapabilities
        self.vehicleType = vehicleType
        self.supportedDiagModes = supportedDiagModes
        self.hmiCapabilities = hmiCapabilities
        self.sdlVersion = sdlVersion
        self.systemSoftwareVersion = systemSoftwareVersion
        self.iconResumed = iconResumed
    }
}
