// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Information about an RC module
public struct ModuleInfo: Codable, Hashable, Sendable {
    /// UUID of a module. "moduleId + moduleType" uniquely identify a module. At most 100 characters.
    public var moduleId: String

    /// Location of a module.
    public var location: Grid?

    /// Service area of a module.
    public var serviceArea: Grid?

    /// allow multiple users/apps to access the module or not Head unit default: true.
    public var allowMultipleAccess: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(moduleId: String, location: Grid? = nil, serviceArea: Grid? = nil, allowMultipleAccess: Bool? = nil) {
        self.moduleId = moduleId
        self.location = location
        self.serviceArea = serviceArea
        self.allowMultipleAccess = allowMultipleAccess
    }
}
