// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about a climate control module's capabilities.
public struct ClimateControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the climate control module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// Availability of the reading of current temperature. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var currentTemperatureAvailable: Bool?

    /// Availability of the control of fan speed. True: Available, False: Not Available, Not present: Not Available.
    public var fanSpeedAvailable: Bool?

    /// Availability of the control of desired temperature. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var desiredTemperatureAvailable: Bool?

    /// Availability of the control of turn on/off AC. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var acEnableAvailable: Bool?

    /// Availability of the control of enable/disable air conditioning is ON on the maximum level. True: Available,
    /// False: Not Available, Not present: Not Available.
    public var acMaxEnableAvailable: Bool?

    /// Availability of the control of enable/disable circulate Air mode. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var circulateAirEnableAvailable: Bool?

    /// Availability of the control of enable/disable auto mode. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var autoModeEnableAvailable: Bool?

    /// Availability of the control of enable/disable dual mode. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var dualModeEnableAvailable: Bool?

    /// Availability of the control of defrost zones. True: Available, False: Not Available, Not present: Not Available.
    public var defrostZoneAvailable: Bool?

    /// A set of all defrost zones that are controllable. 1...100 items.
    public var defrostZone: [DefrostZone]?

    /// Availability of the control of air ventilation mode. True: Available, False: Not Available, Not present: Not
    /// Available.
    public var ventilationModeAvailable: Bool?

    /// A set of all ventilation modes that are controllable. 1...100 items.
    public var ventilationMode: [VentilationMode]?

    /// Availability of the control (enable/disable) of heated Steering Wheel. True: Available, False: Not Available,
    /// Not present: Not Available.
    public var heatedSteeringWheelAvailable: Bool?

    /// Availability of the control (enable/disable) of heated Windshield. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var heatedWindshieldAvailable: Bool?

    /// Availability of the control (enable/disable) of heated Rear Window. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var heatedRearWindowAvailable: Bool?

    /// Availability of the control (enable/disable) of heated Mirrors. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var heatedMirrorsAvailable: Bool?

    /// Availability of the control of enable/disable climate control. True: Available, False: Not Available, Not
    /// present: Not Available.
    public var climateEnableAvailable: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        moduleName: String,
        moduleInfo: ModuleInfo? = nil,
        currentTemperatureAvailable: Bool? = nil,
        fanSpeedAvailable: Bool? = nil,
        desiredTemperatureAvailable: Bool? = nil,
        acEnableAvailable: Bool? = nil,
        acMaxEnableAvailable: Bool? = nil,
        circulateAirEnableAvailable: Bool? = nil,
        autoModeEnableAvailable: Bool? = nil,
        dualModeEnableAvailable: Bool? = nil,
        defrostZoneAvailable: Bool? = nil,
        defrostZone: [DefrostZone]? = nil,
        ventilationModeAvailable: Bool? = nil,
        ventilationMode: [VentilationMode]? = nil,
        heatedSteeringWheelAvailable: Bool? = nil,
        heatedWindshieldAvailable: Bool? = nil,
        heatedRearWindowAvailable: Bool? = nil,
        heatedMirrorsAvailable: Bool? = nil,
        climateEnableAvailable: Bool? = nil
    ) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.currentTemperatureAvailable = currentTemperatureAvailable
        self.fanSpeedAvailable = fanSpeedAvailable
        self.desiredTemperatureAvailable = desiredTemperatureAvailable
        self.acEnableAvailable = acEnableAvailable
        self.acMaxEnableAvailable = acMaxEnableAvailable
        self.circulateAirEnableAvailable = circulateAirEnableAvailable
        self.autoModeEnableAvailable = autoModeEnableAvailable
        self.dualModeEnableAvailable = dualModeEnableAvailable
        self.defrostZoneAvailable = defrostZoneAvailable
        self.defrostZone = defrostZone
        self.ventilationModeAvailable = ventilationModeAvailable
        self.ventilationMode = ventilationMode
        self.heatedSteeringWheelAvailable = heatedSteeringWheelAvailable
        self.heatedWindshieldAvailable = heatedWindshieldAvailable
        self.heatedRearWindowAvailable = heatedRearWindowAvailable
        self.heatedMirrorsAvailable = heatedMirrorsAvailable
        self.climateEnableAvailable = climateEnableAvailable
    }
}
