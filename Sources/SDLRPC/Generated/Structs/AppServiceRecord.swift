// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// This is the record of an app service publisher that the module has. It should contain the most up to date
/// information including the service's active state
public struct AppServiceRecord: Codable, Hashable, Sendable {
    /// A unique ID tied to this specific service record. The ID is supplied by the module that services publish
    /// themselves.
    public var serviceID: String

    /// Manifest for the service that this record is for.
    public var serviceManifest: AppServiceManifest

    /// If true, the service is published and available. If false, the service has likely just been unpublished, and
    /// should be considered unavailable.
    public var servicePublished: Bool

    /// If true, the service is the active primary service of the supplied service type. It will receive all potential
    /// RPCs that are passed through to that service type. If false, it is not the primary service of the supplied type.
    /// See servicePublished for its availability.
    public var serviceActive: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(serviceID: String, serviceManifest: AppServiceManifest, servicePublished: Bool, serviceActive: Bool) {
        self.serviceID = serviceID
        self.serviceManifest = serviceManifest
        self.servicePublished = servicePublished
        self.serviceActive = serviceActive
    }
}
