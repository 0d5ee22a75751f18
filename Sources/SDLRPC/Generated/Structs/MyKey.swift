// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct MyKey: Codable, Hashable, Sendable {
    /// Indicates whether e911 override is on. References signal "MyKey_e911Override_St". See VehicleDataStatus.
    public var e911Override: VehicleDataStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(e911Override: VehicleDataStatus) {
        self.e911Override = e911Override
    }
}
