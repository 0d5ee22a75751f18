// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ClusterModeStatus: Codable, Hashable, Sendable {
    /// References signal "PowerMode_UB".
    public var powerModeActive: Bool

    /// References signal "PowerModeQF". See PowerModeQualificationStatus.
    public var powerModeQualificationStatus: PowerModeQualificationStatus

    /// References signal "CarMode". See CarMode.
    public var carModeStatus: CarModeStatus

    /// References signal "PowerMode". See PowerMode.
    public var powerModeStatus: PowerModeStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        powerModeActive: Bool,
        powerModeQualificationStatus: PowerModeQualificationStatus,
        carModeStatus: CarModeStatus,
        powerModeStatus: PowerModeStatus
    ) {
        self.powerModeActive = powerModeActive
        self.powerModeQualificationStatus = powerModeQualificationStatus
        self.carModeStatus = carModeStatus
        self.powerModeStatus = powerModeStatus
    }
}
