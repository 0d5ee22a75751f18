// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct HMISettingsControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the hmi setting module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// Availability of the control of distance unit.
    public var distanceUnitAvailable: Bool?

    /// Availability of the control of temperature unit.
    public var temperatureUnitAvailable: Bool?

    /// Availability of the control of HMI display mode.
    public var displayModeUnitAvailable: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        moduleName: String,
        moduleInfo: ModuleInfo? = nil,
        distanceUnitAvailable: Bool? = nil,
        temperatureUnitAvailable: Bool? = nil,
        displayModeUnitAvailable: Bool? = nil
    ) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.distanceUnitAvailable = distanceUnitAvailable
        self.temperatureUnitAvailable = temperatureUnitAvailable
        self.displayModeUnitAvailable = displayModeUnitAvailable
    }
}
