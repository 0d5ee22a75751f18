// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct LightControlCapabilities: Codable, Hashable, Sendable {
    /// The short friendly name of the light control module. It should not be used to identify a module by mobile
    /// application. At most 100 characters.
    public var moduleName: String

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// An array of available LightCapabilities that are controllable. 1...100 items.
    public var supportedLights: [LightCapabilities]

    /// Creates a value from its fields; optional fields default to absent.
    public init(moduleName: String, moduleInfo: ModuleInfo? = nil, supportedLights: [LightCapabilities]) {
        self.moduleName = moduleName
        self.moduleInfo = moduleInfo
        self.supportedLights = supportedLights
    }
}
