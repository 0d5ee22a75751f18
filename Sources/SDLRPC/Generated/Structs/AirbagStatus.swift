// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct AirbagStatus: Codable, Hashable, Sendable {
    /// References signal "VedsDrvBag_D_Ltchd". See VehicleDataEventStatus.
    public var driverAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsDrvSideBag_D_Ltchd". See VehicleDataEventStatus.
    public var driverSideAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsDrvCrtnBag_D_Ltchd". See VehicleDataEventStatus.
    public var driverCurtainAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsPasBag_D_Ltchd". See VehicleDataEventStatus.
    public var passengerAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsPasCrtnBag_D_Ltchd". See VehicleDataEventStatus.
    public var passengerCurtainAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsKneeDrvBag_D_Ltchd". See VehicleDataEventStatus.
    public var driverKneeAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsPasSideBag_D_Ltchd". See VehicleDataEventStatus.
    public var passengerSideAirbagDeployed: VehicleDataEventStatus

    /// References signal "VedsKneePasBag_D_Ltchd". See VehicleDataEventStatus.
    public var passengerKneeAirbagDeployed: VehicleDataEventStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        driverAirbagDeployed: VehicleDataEventStatus,
        driverSideAirbagDeployed: VehicleDataEventStatus,
        driverCurtainAirbagDeployed: VehicleDataEventStatus,
        passengerAirbagDeployed: VehicleDataEventStatus,
        passengerCurtainAirbagDeployed: VehicleDataEventStatus,
        driverKneeAirbagDeployed: VehicleDataEventStatus,
        passengerSideAirbagDeployed: VehicleDataEventStatus,
        passengerKneeAirbagDeployed: VehicleDataEventStatus
    ) {
        self.driverAirbagDeployed = driverAirbagDeployed
        self.driverSideAirbagDeployed = driverSideAirbagDeployed
        self.driverCurtainAirbagDeployed = driverCurtainAirbagDeployed
        self.passengerAirbagDeployed = passengerAirbagDeployed
        self.passengerCurtainAirbagDeployed = passengerCurtainAirbagDeployed
        self.driverKneeAirbagDeployed = driverKneeAirbagDeployed
        self.passengerSideAirbagDeployed = passengerSideAirbagDeployed
        self.passengerKneeAirbagDeployed = passengerKneeAirbagDeployed
    }
}
