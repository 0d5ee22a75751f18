// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct BeltStatus: Codable, Hashable, Sendable {
    /// References signal "VedsDrvBelt_D_Ltchd". See VehicleDataEventStatus.
    public var driverBeltDeployed: VehicleDataEventStatus

    /// References signal "VedsPasBelt_D_Ltchd". See VehicleDataEventStatus.
    public var passengerBeltDeployed: VehicleDataEventStatus

    /// References signal "VedsRw1PasBckl_D_Ltchd". See VehicleDataEventStatus.
    public var passengerBuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw1DrvBckl_D_Ltchd". See VehicleDataEventStatus.
    public var driverBuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw2lBckl_D_Ltchd". See VehicleDataEventStatus.
    public var leftRow2BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw1PasChld_D_Ltchd". See VehicleDataEventStatus.
    public var passengerChildDetected: VehicleDataEventStatus

    /// References signal "VedsRw2rBckl_D_Ltchd". See VehicleDataEventStatus.
    public var rightRow2BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw2mBckl_D_Ltchd". See VehicleDataEventStatus.
    public var middleRow2BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw3mBckl_D_Ltchd". See VehicleDataEventStatus.
    public var middleRow3BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw3lBckl_D_Ltchd". See VehicleDataEventStatus.
    public var leftRow3BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw3rBckl_D_Ltchd". See VehicleDataEventStatus.
    public var rightRow3BuckleBelted: VehicleDataEventStatus

    /// References signal "VedsRw2lRib_D_Ltchd". See VehicleDataEventStatus.
    public var leftRearInflatableBelted: VehicleDataEventStatus

    /// References signal "VedsRw2rRib_D_Ltchd". See VehicleDataEventStatus.
    public var rightRearInflatableBelted: VehicleDataEventStatus

    /// References signal "VedsRw1mBelt_D_Ltchd". See VehicleDataEventStatus.
    public var middleRow1BeltDeployed: VehicleDataEventStatus

    /// References signal "VedsRw1mBckl_D_Ltchd". See VehicleDataEventStatus.
    public var middleRow1BuckleBelted: VehicleDataEventStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        driverBeltDeployed: VehicleDataEventStatus,
        passengerBeltDeployed: VehicleDataEventStatus,
        passengerBuckleBelted: VehicleDataEventStatus,
        driverBuckleBelted: VehicleDataEventStatus,
        leftRow2BuckleBelted: VehicleDataEventStatus,
        passengerChildDetected: VehicleDataEventStatus,
        rightRow2BuckleBelted: VehicleDataEventStatus,
        middleRow2BuckleBelted: VehicleDataEventStatus,
        middleRow3BuckleBelted: VehicleDataEventStatus,
        leftRow3BuckleBelted: VehicleDataEventStatus,
        rightRow3BuckleBelted: VehicleDataEventStatus,
        leftRearInflatableBelted: VehicleDataEventStatus,
        rightRearInflatableBelted: VehicleDataEventStatus,
        middleRow1BeltDeployed: VehicleDataEventStatus,
        middleRow1BuckleBelted: VehicleDataEventStatus
    ) {
        self.driverBeltDeployed = driverBeltDeployed
        self.passengerBeltDeployed = passengerBeltDeployed
        self.passengerBuckleBelted = passengerBuckleBelted
        self.driverBuckleBelted = driverBuckleBelted
        self.leftRow2BuckleBelted = leftRow2BuckleBelted
        self.passengerChildDetected = passengerChildDetected
        self.rightRow2BuckleBelted = rightRow2BuckleBelted
        self.middleRow2BuckleBelted = middleRow2BuckleBelted
        self.middleRow3BuckleBelted = middleRow3BuckleBelted
        self.leftRow3BuckleBelted = leftRow3BuckleBelted
        self.rightRow3BuckleBelted = rightRow3BuckleBelted
        self.leftRearInflatableBelted = leftRearInflatableBelted
        self.rightRearInflatableBelted = rightRearInflatableBelted
        self.middleRow1BeltDeployed = middleRow1BeltDeployed
        self.middleRow1BuckleBelted = middleRow1BuckleBelted
    }
}
