// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Callback for the periodic and non periodic vehicle data read function.
///
/// The `OnVehicleData` notification, function id 32772 (0x8004).
public struct OnVehicleData: RPCNotification, Hashable {
    public static let functionID = FunctionID.onVehicleData

    /// See GPSData
    public var gps: GPSData?

    /// The vehicle speed in kilometers per hour Range 0...700.
    public var speed: Double?

    /// The number of revolutions per minute of the engine Range 0...20000.
    public var rpm: Int?

    /// The fuel level in the tank (percentage). This parameter is deprecated starting RPC Spec 7.0, please see
    /// fuelRange. Range -6...106. Deprecated in the spec, still sent by head units.
    public var fuelLevel: Double?

    /// The fuel level state. This parameter is deprecated starting RPC Spec 7.0, please see fuelRange. Deprecated in
    /// the spec, still sent by head units.
    public var fuelLevel_State: ComponentVolumeStatus?

    /// The instantaneous fuel consumption in microlitres Range 0...25575.
    public var instantFuelConsumption: Double?

    /// The fuel type, estimated range in KM, fuel level/capacity and fuel level state for the vehicle. See struct
    /// FuelRange for details. 0...100 items.
    public var fuelRange: [FuelRange]?

    /// See ClimateData
    public var climateData: ClimateData?

    /// The external temperature in degrees celsius. This parameter is deprecated starting RPC Spec 7.1, please see
    /// climateData. Range -40...100. Deprecated in the spec, still sent by head units.
    public var externalTemperature: Double?

    /// See TurnSignal
    public var turnSignal: TurnSignal?

    /// Vehicle identification number. At most 17 characters.
    public var vin: String?

    /// See GearStatus
    public var gearStatus: GearStatus?

    /// See PRNDL. This parameter is deprecated and it is now covered in `gearStatus` Deprecated in the spec, still sent
    /// by head units.
    public var prndl: PRNDL?

    /// See TireStatus
    public var tirePressure: TireStatus?

    /// Odometer in km Range 0...17000000.
    public var odometer: Int?

    /// The status of the seat belts
    public var beltStatus: BeltStatus?

    /// The body information including power modes
    public var bodyInformation: BodyInformation?

    /// The device status including signal and battery strength
    public var deviceStatus: DeviceStatus?

    /// The status of the brake pedal
    public var driverBraking: VehicleDataEventStatus?

    /// The status of the wipers
    public var wiperStatus: WiperStatus?

    /// Status of the head lamps
    public var headLampStatus: HeadLampStatus?

    /// Torque value for engine (in Nm) on non-diesel variants Range -1000...2000.
    public var engineTorque: Double?

    /// Accelerator pedal position (percentage depressed) Range 0...100.
    public var accPedalPosition: Double?

    /// Current angle of the steering wheel (in deg) Range -2000...2000.
    public var steeringWheelAngle: Double?

    /// The estimated percentage of remaining oil life of the engine. Range 0...100.
    public var engineOilLife: Double?

    /// The status of the park brake as provided by Electric Park Brake (EPB) system.
    public var electronicParkBrakeStatus: ElectronicParkBrakeStatus?

    /// Parameter used by cloud apps to identify a head unit
    public var cloudAppVehicleID: String?

    /// See StabilityControlsStatus
    public var stabilityControlsStatus: StabilityControlsStatus?

    /// Emergency Call notification and confirmation data
    public var eCallInfo: ECallInfo?

    /// The status of the air bags
    public var airbagStatus: AirbagStatus?

    /// Information related to an emergency event (and if it occurred)
    public var emergencyEvent: EmergencyEvent?

    /// The status modes of the cluster
    public var clusterModeStatus: ClusterModeStatus?

    /// Information related to the MyKey feature
    public var myKey: MyKey?

    /// See WindowStatus 0...100 items.
    public var windowStatus: [WindowStatus]?

    /// To indicate whether driver hands are off the steering wheel
    public var handsOffSteering: Bool?

    /// See SeatOccupancy
    public var seatOccupancy: SeatOccupancy?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        gps: GPSData? = nil,
        speed: Double? = nil,
        rpm: Int? = nil,
        fuelLevel: Double? = nil,
        fuelLevel_State: ComponentVolumeStatus? = nil,
        instantFuelConsumption: Double? = nil,
        fuelRange: [FuelRange]? = nil,
        climateData: ClimateData? = nil,
        externalTemperature: Double? = nil,
        turnSignal: TurnSignal? = nil,
        vin: String? = nil,
        gearStatus: GearStatus? = nil,
        prndl: PRNDL? = nil,
        tirePressure: TireStatus? = nil,
        odometer: Int? = nil,
        beltStatus: BeltStatus? = nil,
        bodyInformation: BodyInformation? = nil,
        deviceStatus: DeviceStatus? = nil,
        driverBraking: VehicleDataEventStatus? = nil,
        wiperStatus: WiperStatus? = nil,
        headLampStatus: HeadLampStatus? = nil,
        engineTorque: Double? = nil,
        accPedalPosition: Double? = nil,
        steeringWheelAngle: Double? = nil,
        engineOilLife: Double? = nil,
        electronicParkBrakeStatus: ElectronicParkBrakeStatus? = nil,
        cloudAppVehicleID: String? = nil,
        stabilityControlsStatus: StabilityControlsStatus? = nil,
        eCallInfo: ECallInfo? = nil,
        airbagStatus: AirbagStatus? = nil,
        emergencyEvent: EmergencyEvent? = nil,
        clusterModeStatus: ClusterModeStatus? = nil,
        myKey: MyKey? = nil,
        windowStatus: [WindowStatus]? = nil,
        handsOffSteering: Bool? = nil,
        seatOccupancy: SeatOccupancy? = nil
    ) {
        self.gps = gps
        self.speed = speed
        self.rpm = rpm
        self.fuelLevel = fuelLevel
        self.fuelLevel_State = fuelLevel_State
        self.instantFuelConsumption = instantFuelConsumption
        self.fuelRange = fuelRange
        self.climateData = climateData
        self.externalTemperature = externalTemperature
        self.turnSignal = turnSignal
        self.vin = vin
        self.gearStatus = gearStatus
        self.prndl = prndl
        self.tirePressure = tirePressure
        self.odometer = odometer
        self.beltStatus = beltStatus
        self.bodyInformation = bodyInformation
        self.deviceStatus = deviceStatus
        self.driverBraking = driverBraking
        self.wiperStatus = wiperStatus
        self.headLampStatus = headLampStatus
        self.engineTorque = engineTorque
        self.accPedalPosition = accPedalPosition
        self.steeringWheelAngle = steeringWheelAngle
        self.engineOilLife = engineOilLife
        self.electronicParkBrakeStatus = electronicParkBrakeStatus
        self.cloudAppVehicleID = cloudAppVehicleID
        self.stabilityControlsStatus = stabilityControlsStatus
        self.eCallInfo = eCallInfo
        self.airbagStatus = airbagStatus
        self.emergencyEvent = emergencyEvent
        self.clusterModeStatus = clusterModeStatus
        self.myKey = myKey
        self.windowStatus = windowStatus
        self.handsOffSteering = handsOffSteering
        self.seatOccupancy = seatOccupancy
    }
}
