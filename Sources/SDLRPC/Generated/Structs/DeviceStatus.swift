// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct DeviceStatus: Codable, Hashable, Sendable {
    /// References signal "CPM_VoiceRec_STAT".
    public var voiceRecOn: Bool

    /// References signal "BT_ICON".
    public var btIconOn: Bool

    /// References signal "CPM_Call_Active_STAT".
    public var callActive: Bool

    /// References signal "CPM_Phone_Roaming_STAT".
    public var phoneRoaming: Bool

    /// References signal "CPM_TextMsg_AVAL".
    public var textMsgAvailable: Bool

    /// Device battery level status. References signal "CPM_Batt_Level_STAT". See DeviceLevelStatus.
    public var battLevelStatus: DeviceLevelStatus

    /// References signal "CPM_Stereo_Audio_Output".
    public var stereoAudioOutputMuted: Bool

    /// References signal "CPM_Mono_Audio_Output".
    public var monoAudioOutputMuted: Bool

    /// Device signal level status. References signal "CPM_Signal_Strength_STAT". See DeviceLevelStatus.
    public var signalLevelStatus: DeviceLevelStatus

    /// References signal "CPM_Stereo_PAS_Source". See PrimaryAudioSource.
    public var primaryAudioSource: PrimaryAudioSource

    /// References signal "eCall_Event".
    public var eCallEventActive: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        voiceRecOn: Bool,
        btIconOn: Bool,
        callActive: Bool,
        phoneRoaming: Bool,
        textMsgAvailable: Bool,
        battLevelStatus: DeviceLevelStatus,
        stereoAudioOutputMuted: Bool,
        monoAudioOutputMuted: Bool,
        signalLevelStatus: DeviceLevelStatus,
        primaryAudioSource: PrimaryAudioSource,
        eCallEventActive: Bool
    ) {
        self.voiceRecOn = voiceRecOn
        self.btIconOn = btIconOn
        self.callActive = callActive
        self.phoneRoaming = phoneRoaming
        self.textMsgAvailable = textMsgAvailable
        self.battLevelStatus = battLevelStatus
        self.stereoAudioOutputMuted = stereoAudioOutputMuted
        self.monoAudioOutputMuted = monoAudioOutputMuted
        self.signalLevelStatus = signalLevelStatus
        self.primaryAudioSource = primaryAudioSource
        self.eCallEventActive = eCallEventActive
    }
}
