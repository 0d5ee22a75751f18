// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct SeatControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the seat control module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    public var heatingEnabledAvailable: Bool?

    public var coolingEnabledAvailable: Bool?

    public var heatingLevelAvailable: Bool?

    public var coolingLevelAvailable: Bool?

    public var horizontalPositionAvailable: Bool?

    public var verticalPositionAvailable: Bool?

    public var frontVerticalPositionAvailable: Bool?

    public var backVerticalPositionAvailable: Bool?

    public var backTiltAngleAvailable: Bool?

    public var headSupportHorizontalPositionAvailable: Bool?

    public var headSupportVerticalPositionAvailable: Bool?

    public var massageEnabledAvailable: Bool?

    public var massageModeAvailable: Bool?

    public var massageCushionFirmnessAvailable: Bool?

    public var memoryAvailable: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        moduleName: String,
        moduleInfo: ModuleInfo? = nil,
        heatingEnabledAvailable: Bool? = nil,
        coolingEnabledAvailable: Bool? = nil,
        heatingLevelAvailable: Bool? = nil,
        coolingLevelAvailable: Bool? = nil,
        horizontalPositionAvailable: Bool? = nil,
        verticalPositionAvailable: Bool? = nil,
        frontVerticalPositionAvailable: Bool? = nil,
        backVerticalPositionAvailable: Bool? = nil,
        backTiltAngleAvailable: Bool? = nil,
        headSupportHorizontalPositionAvailable: Bool? = nil,
        headSupportVerticalPositionAvailable: Bool? = nil,
        massageEnabledAvailable: Bool? = nil,
        massageModeAvailable: Bool? = nil,
        massageCushionFirmnessAvailable: Bool? = nil,
        memoryAvailable: Bool? = nil
    ) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.heatingEnabledAvailable = heatingEnabledAvailable
        self.coolingEnabledAvailable = coolingEnabledAvailable
        self.heatingLevelAvailable = heatingLevelAvailable
        self.coolingLevelAvailable = coolingLevelAvailable
        self.horizontalPositionAvailable = horizontalPositionAvailable
        self.verticalPositionAvailable = verticalPositionAvailable
        self.frontVerticalPositionAvailable = frontVerticalPositionAvailable
        self.backVerticalPositionAvailable = backVerticalPositionAvailable
        self.backTiltAngleAvailable = backTiltAngleAvailable
        self.headSupportHorizontalPositionAvailable = headSupportHorizontalPositionAvailable
        self.headSupportVerticalPositionAvailable = headSupportVerticalPositionAvailable
        self.massageEnabledAvailable = massageEnabledAvailable
        self.massageModeAvailable = massageModeAvailable
        self.massageCushionFirmnessAvailable = massageCushionFirmnessAvailable
        self.memoryAvailable = memoryAvailable
    }
}
