// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Capabilities of app services including what service types are supported and the current state of services.
public struct AppServicesCapabilities: Codable, Hashable, Sendable {
    /// An array of currently available services. If this is an update to the capability the affected services will
    /// include an update reason in that item
    public var appServices: [AppServiceCapability]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(appServices: [AppServiceCapability]? = nil) {
        self.appServices = appServices
    }
}

extension AppServicesCapabilities {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: AppServicesCapabilities) -> AppServicesCapabilities {
        AppServicesCapabilities(
            appServices: update.appServices ?? appServices
        )
    }
}
