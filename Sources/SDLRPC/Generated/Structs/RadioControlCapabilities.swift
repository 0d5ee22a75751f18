// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about a radio control module's capabilities.
public struct RadioControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the radio control module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// Availability of the control of enable/disable radio. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var radioEnableAvailable: Bool?

    /// Availability of the control of radio band. True: Available, False: Not Available, Not present: Not Available.
    public var radioBandAvailable: Bool?

    /// Availability of the control of radio frequency. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var radioFrequencyAvailable: Bool?

    /// Availability of the control of HD radio channel. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var hdChannelAvailable: Bool?

    /// Availability of the getting Radio Data System (RDS) data. True: Available, False: Not Available, Not present:
    /// Not Available.
    public var rdsDataAvailable: Bool?

    /// Availability of the getting the number of available HD channels. True: Available, False: Not Available, Not
    /// present: Not Available. Deprecated in the spec, still sent by head units.
    public var availableHDsAvailable: Bool?

    /// Availability of the list of available HD sub-channel indexes. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var availableHdChannelsAvailable: Bool?

    /// Availability of the getting the Radio state. True: Available, False: Not Available, Not present: Not Available.
    public var stateAvailable: Bool?

    /// Availability of the getting the signal strength. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var signalStrengthAvailable: Bool?

    /// Availability of the getting the signal Change Threshold. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var signalChangeThresholdAvailable: Bool?

    /// Availability of the getting HD radio Station Information Service (SIS) data. True: Available, False: Not
    /// Available, Not present: Not Available.
    public var sisDataAvailable: Bool?

    /// Availability of the control of enable/disable HD radio. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var hdRadioEnableAvailable: Bool?

    /// Availability of Sirius XM radio. True: Available, False: Not Available, Not present: Not Available.
    public var siriusxmRadioAvailable: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        moduleName: String,
        moduleInfo: ModuleInfo? = nil,
        radioEnableAvailable: Bool? = nil,
        radioBandAvailable: Bool? = nil,
        radioFrequencyAvailable: Bool? = nil,
        hdChannelAvailable: Bool? = nil,
        rdsDataAvailable: Bool? = nil,
        availableHDsAvailable: Bool? = nil,
        availableHdChannelsAvailable: Bool? = nil,
        stateAvailable: Bool? = nil,
        signalStrengthAvailable: Bool? = nil,
        signalChangeThresholdAvailable: Bool? = nil,
        sisDataAvailable: Bool? = nil,
        hdRadioEnableAvailable: Bool? = nil,
        siriusxmRadioAvailable: Bool? = nil
    ) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.radioEnableAvailable = radioEnableAvailable
        self.radioBandAvailable = radioBandAvailable
        self.radioFrequencyAvailable = radioFrequencyAvailable
        self.hdChannelAvailable = hdChannelAvailable
        self.rdsDataAvailable = rdsDataAvailable
        self.availableHDsAvailable = availableHDsAvailable
        self.availableHdChannelsAvailable = availableHdChannelsAvailable
        self.stateAvailable = stateAvailable
        self.signalStrengthAvailable = signalStrengthAvailable
        self.signalChangeThresholdAvailable = signalChangeThresholdAvailable
        self.sisDataAvailable = sisDataAvailable
        self.hdRadioEnableAvailable = hdRadioEnableAvailable
        self.siriusxmRadioAvailable = siriusxmRadioAvailable
    }
}
