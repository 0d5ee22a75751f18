// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct EmergencyEvent: Codable, Hashable, Sendable {
    /// References signal "VedsEvntType_D_Ltchd". See EmergencyEventType.
    public var emergencyEventType: EmergencyEventType

    /// References signal "RCM_FuelCutoff". See FuelCutoffStatus.
    public var fuelCutoffStatus: FuelCutoffStatus

    /// References signal "VedsEvntRoll_D_Ltchd". See VehicleDataEventStatus.
    public var rolloverEvent: VehicleDataEventStatus

    /// References signal "VedsMaxDeltaV_D_Ltchd". Change in velocity in KPH. Additional reserved values: 0x00 No event
    /// 0xFE Not supported 0xFF Fault Range 0...255.
    public var maximumChangeVelocity: Int

    /// References signal "VedsMultiEvnt_D_Ltchd". See VehicleDataEventStatus.
    public var multipleEvents: VehicleDataEventStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        emergencyEventType: EmergencyEventType,
        fuelCutoffStatus: FuelCutoffStatus,
        rolloverEvent: VehicleDataEventStatus,
        maximumChangeVelocity: Int,
        multipleEvents: VehicleDataEventStatus
    ) {
        self.emergencyEventType = emergencyEventType
        self.fuelCutoffStatus = fuelCutoffStatus
        self.rolloverEvent = rolloverEvent
        self.maximumChangeVelocity = maximumChangeVelocity
        self.multipleEvents = multipleEvents
    }
}
