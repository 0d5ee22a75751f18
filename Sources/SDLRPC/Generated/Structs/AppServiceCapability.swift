// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct AppServiceCapability: Codable, Hashable, Sendable {
    /// Only included in OnSystemCapabilityUpdated. Update reason for service record.
    public var updateReason: ServiceUpdateReason?

    /// Service record for a specific app service provider
    public var updatedAppServiceRecord: AppServiceRecord

    /// Creates a value from its fields; optional fields default to absent.
    public init(updateReason: ServiceUpdateReason? = nil, updatedAppServiceRecord: AppServiceRecord) {
        self.updateReason = updateReason
        self.updatedAppServiceRecord = updatedAppServiceRecord
    }
}
