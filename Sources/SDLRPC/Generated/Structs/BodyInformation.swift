// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct BodyInformation: Codable, Hashable, Sendable {
    /// References signal "PrkBrkActv_B_Actl".
    public var parkBrakeActive: Bool

    /// References signal "Ignition_Switch_Stable". See IgnitionStableStatus.
    public var ignitionStableStatus: IgnitionStableStatus

    /// References signal "Ignition_status". See IgnitionStatus.
    public var ignitionStatus: IgnitionStatus

    /// References signal "DrStatDrv_B_Actl". Deprecated starting with RPC Spec 7.1.0. Deprecated in the spec, still
    /// sent by head units.
    public var driverDoorAjar: Bool?

    /// References signal "DrStatPsngr_B_Actl". Deprecated starting with RPC Spec 7.1.0. Deprecated in the spec, still
    /// sent by head units.
    public var passengerDoorAjar: Bool?

    /// References signal "DrStatRl_B_Actl". Deprecated starting with RPC Spec 7.1.0. Deprecated in the spec, still sent
    /// by head units.
    public var rearLeftDoorAjar: Bool?

    /// References signal "DrStatRr_B_Actl". Deprecated starting with RPC Spec 7.1.0. Deprecated in the spec, still sent
    /// by head units.
    public var rearRightDoorAjar: Bool?

    /// Provides status for doors if Ajar/Closed/Locked 0...100 items.
    public var doorStatuses: [DoorStatus]?

    /// Provides status for trunk/hood/etc. if Ajar/Closed/Locked 0...100 items.
    public var gateStatuses: [GateStatus]?

    /// Provides status for roof/convertible roof/sunroof/moonroof etc., if Closed/Ajar/Removed etc. 0...100 items.
    public var roofStatuses: [RoofStatus]?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        parkBrakeActive: Bool,
        ignitionStableStatus: IgnitionStableStatus,
        ignitionStatus: IgnitionStatus,
        driverDoorAjar: Bool? = nil,
        passengerDoorAjar: Bool? = nil,
        rearLeftDoorAjar: Bool? = nil,
        rearRightDoorAjar: Bool? = nil,
        doorStatuses: [DoorStatus]? = nil,
        gateStatuses: [GateStatus]? = nil,
        roofStatuses: [RoofStatus]? = nil
    ) {
        self.parkBrakeActive = parkBrakeActive
        self.ignitionStableStatus = ignitionStableStatus
        self.ignitionStatus = ignitionStatus
        self.driverDoorAjar = driverDoorAjar
        self.passengerDoorAjar = passengerDoorAjar
        self.rearLeftDoorAjar = rearLeftDoorAjar
        self.rearRightDoorAjar = rearRightDoorAjar
        self.doorStatuses = doorStatuses
        self.gateStatuses = gateStatuses
        self.roofStatuses = roofStatuses
    }
}
