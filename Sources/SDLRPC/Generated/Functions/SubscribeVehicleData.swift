// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Subscribes for specific published data items. The data will be only sent if it has changed. The application will be
/// notified by the onVehicleData notification whenever new data is available. To unsubscribe the notifications, use
/// unsubscribe with the same subscriptionType.
///
/// The `SubscribeVehicleData` request, function id 20 (0x14).
public struct SubscribeVehicleData: RPCRequest, Hashable {
    public typealias Response = SubscribeVehicleDataResponse

    public static let functionID = FunctionID.subscribeVehicleData

    /// See GPSData
    public var gps: Bool?

    /// The vehicle speed in kilometers per hour
    public var speed: Bool?

    /// The number of revolutions per minute of the engine
    public var rpm: Bool?

    /// The fuel level in the tank (percentage). This parameter is deprecated starting RPC Spec 7.0, please see
    /// fuelRange. Deprecated in the spec, still sent by head units.
    public var fuelLevel: Bool?

    /// The fuel level state. This parameter is deprecated starting RPC Spec 7.0, please see fuelRange. Deprecated in
    /// the spec, still sent by head units.
    public var fuelLevel_State: Bool?

    /// The instantaneous fuel consumption in microlitres
    public var instantFuelConsumption: Bool?

    /// The fuel type, estimated range in KM, fuel level/capacity and fuel level state for the vehicle. See struct
    /// FuelRange for details.
    public var fuelRange: Bool?

    /// See ClimateData
    public var climateData: Bool?

    /// The external temperature in degrees celsius. This parameter is deprecated starting RPC Spec 7.1, please see
    /// climateData. Deprecated in the spec, still sent by head units.
    public var externalTemperature: Bool?

    /// See TurnSignal
    public var turnSignal: Bool?

    /// See GearStatus
    public var gearStatus: Bool?

    /// See PRNDL. This parameter is deprecated and it is now covered in `gearStatus` Deprecated in the spec, still sent
    /// by head units.
    public var prndl: Bool?

    /// See TireStatus
    public var tirePressure: Bool?

    /// Odometer in km
    public var odometer: Bool?

    /// The status of the seat belts
    public var beltStatus: Bool?

    /// The body information including power modes
    public var bodyInformation: Bool?

    /// The device status including signal and battery strength
    public var deviceStatus: Bool?

    /// The status of the brake pedal
    public var driverBraking: Bool?

    /// The status of the wipers
    public var wiperStatus: Bool?

    /// Status of the head lamps
    public var headLampStatus: Bool?

    /// Torque value for engine (in Nm) on non-diesel variants
    public var engineTorque: Bool?

    /// Accelerator pedal position (percentage depressed)
    public var accPedalPosition: Bool?

    /// Current angle of the steering wheel (in deg)
    public var steeringWheelAngle: Bool?

    /// The estimated percentage of remaining oil life of the engine.
    public var engineOilLife: Bool?

    /// The status of the park brake as provided by Electric Park Brake (EPB) system.
    public var electronicParkBrakeStatus: Bool?

    /// Parameter used by cloud apps to identify a head unit
    public var cloudAppVehicleID: Bool?

    /// See StabilityControlsStatus
    public var stabilityControlsStatus: Bool?

    /// Emergency Call notification and confirmation data
    public var eCallInfo: Bool?

    /// The status of the air bags
    public var airbagStatus: Bool?

    /// Information related to an emergency event (and if it occurred)
    public var emergencyEvent: Bool?

    /// The status modes of the cluster
    public var clusterModeStatus: Bool?

    /// Information related to the MyKey feature
    public var myKey: Bool?

    /// See WindowStatus
    public var windowStatus: Bool?

    /// To indicate whether driver hands are off the steering wheel
    public var handsOffSteering: Bool?

    /// See SeatOccupancy
    public var seatOccupancy: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        gps: Bool? = nil,
        speed: Bool? = nil,
        rpm: Bool? = nil,
        fuelLevel: Bool? = nil,
        fuelLevel_State: Bool? = nil,
        instantFuelConsumption: Bool? = nil,
        fuelRange: Bool? = nil,
        climateData: Bool? = nil,
        externalTemperature: Bool? = nil,
        turnSignal: Bool? = nil,
        gearStatus: Bool? = nil,
        prndl: Bool? = nil,
        tirePressure: Bool? = nil,
        odometer: Bool? = nil,
        beltStatus: Bool? = nil,
        bodyInformation: Bool? = nil,
        deviceStatus: Bool? = nil,
        driverBraking: Bool? = nil,
        wiperStatus: Bool? = nil,
        headLampStatus: Bool? = nil,
        engineTorque: Bool? = nil,
        accPedalPosition: Bool? = nil,
        steeringWheelAngle: Bool? = nil,
        engineOilLife: Bool? = nil,
        electronicParkBrakeStatus: Bool? = nil,
        cloudAppVehicleID: Bool? = nil,
        stabilityControlsStatus: Bool? = nil,
        eCallInfo: Bool? = nil,
        airbagStatus: Bool? = nil,
        emergencyEvent: Bool? = nil,
        clusterModeStatus: Bool? = nil,
        myKey: Bool? = nil,
        windowStatus: Bool? = nil,
        handsOffSteering: Bool? = nil,
        seatOccupancy: Bool? = nil
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

/// The `SubscribeVehicleData` response, function id 20 (0x14).
public struct SubscribeVehicleDataResponse: RPCResponse, Hashable {
    public static let functionID = FunctionID.subscribeVehicleData

    /// true, if successful; false, if failed
    public var success: Bool

    /// See Result
    public var resultCode: ResultCode

    /// Provides additional human readable info regarding the result. At most 1000 characters.
    public var info: String?

    /// See GPSData
    public var gps: VehicleDataResult?

    /// The vehicle speed in kilometers per hour
    public var speed: VehicleDataResult?

    /// The number of revolutions per minute of the engine
    public var rpm: VehicleDataResult?

    /// The fuel level in the tank (percentage). This parameter is deprecated starting RPC Spec 7.0, please see
    /// fuelRange. Deprecated in the spec, still sent by head units.
    public var fuelLevel: VehicleDataResult?

    /// The fuel level state. This parameter is deprecated starting RPC Spec 7.0, please see fuelRange. Deprecated in
    /// the spec, still sent by head units.
    public var fuelLevel_State: VehicleDataResult?

    /// The instantaneous fuel consumption in microlitres
    public var instantFuelConsumption: VehicleDataResult?

    /// The fuel type, estimated range in KM, fuel level/capacity and fuel level state for the vehicle. See struct
    /// FuelRange for details.
    public var fuelRange: VehicleDataResult?

    /// See ClimateData
    public var climateData: VehicleDataResult?

    /// The external temperature in degrees celsius. This parameter is deprecated starting RPC Spec 7.1, please see
    /// climateData. Deprecated in the spec, still sent by head units.
    public var externalTemperature: VehicleDataResult?

    /// See TurnSignal
    public var turnSignal: VehicleDataResult?

    /// See GearStatus
    public var gearStatus: VehicleDataResult?

    /// See PRNDL. This parameter is deprecated and it is now covered in `gearStatus` Deprecated in the spec, still sent
    /// by head units.
    public var prndl: VehicleDataResult?

    /// See TireStatus
    public var tirePressure: VehicleDataResult?

    /// Odometer in km
    public var odometer: VehicleDataResult?

    /// The status of the seat belts
    public var beltStatus: VehicleDataResult?

    /// The body information including power modes
    public var bodyInformation: VehicleDataResult?

    /// The device status including signal and battery strength
    public var deviceStatus: VehicleDataResult?

    /// The status of the brake pedal
    public var driverBraking: VehicleDataResult?

    /// The status of the wipers
    public var wiperStatus: VehicleDataResult?

    /// Status of the head lamps
    public var headLampStatus: VehicleDataResult?

    /// Torque value for engine (in Nm) on non-diesel variants
    public var engineTorque: VehicleDataResult?

    /// Accelerator pedal position (percentage depressed)
    public var accPedalPosition: VehicleDataResult?

    /// Current angle of the steering wheel (in deg)
    public var steeringWheelAngle: VehicleDataResult?

    /// The estimated percentage of remaining oil life of the engine.
    public var engineOilLife: VehicleDataResult?

    /// The status of the park brake as provided by Electric Park Brake (EPB) system.
    public var electronicParkBrakeStatus: VehicleDataResult?

    /// Parameter used by cloud apps to identify a head unit
    public var cloudAppVehicleID: VehicleDataResult?

    /// See StabilityControlsStatus
    public var stabilityControlsStatus: VehicleDataResult?

    /// Emergency Call notification and confirmation data
    public var eCallInfo: VehicleDataResult?

    /// The status of the air bags
    public var airbagStatus: VehicleDataResult?

    /// Information related to an emergency event (and if it occurred)
    public var emergencyEvent: VehicleDataResult?

    /// The status modes of the cluster
    public var clusterModes: VehicleDataResult?

    /// Information related to the MyKey feature
    public var myKey: VehicleDataResult?

    /// See WindowStatus
    public var windowStatus: VehicleDataResult?

    /// To indicate whether driver hands are off the steering wheel
    public var handsOffSteering: VehicleDataResult?

    /// See SeatOccupancy
    public var seatOccupancy: VehicleDataResult?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        success: Bool,
        resultCode: ResultCode,
        info: String? = nil,
        gps: VehicleDataResult? = nil,
        speed: VehicleDataResult? = nil,
        rpm: VehicleDataResult? = nil,
        fuelLevel: VehicleDataResult? = nil,
        fuelLevel_State: VehicleDataResult? = nil,
        instantFuelConsumption: VehicleDataResult? = nil,
        fuelRange: VehicleDataResult? = nil,
        climateData: VehicleDataResult? = nil,
        externalTemperature: VehicleDataResult? = nil,
        turnSignal: VehicleDataResult? = nil,
        gearStatus: VehicleDataResult? = nil,
        prndl: VehicleDataResult? = nil,
        tirePressure: VehicleDataResult? = nil,
        odometer: VehicleDataResult? = nil,
        beltStatus: VehicleDataResult? = nil,
        bodyInformation: VehicleDataResult? = nil,
        deviceStatus: VehicleDataResult? = nil,
        driverBraking: VehicleDataResult? = nil,
        wiperStatus: VehicleDataResult? = nil,
        headLampStatus: VehicleDataResult? = nil,
        engineTorque: VehicleDataResult? = nil,
        accPedalPosition: VehicleDataResult? = nil,
        steeringWheelAngle: VehicleDataResult? = nil,
        engineOilLife: VehicleDataResult? = nil,
        electronicParkBrakeStatus: VehicleDataResult? = nil,
        cloudAppVehicleID: VehicleDataResult? = nil,
        stabilityControlsStatus: VehicleDataResult? = nil,
        eCallInfo: VehicleDataResult? = nil,
        airbagStatus: VehicleDataResult? = nil,
        emergencyEvent: VehicleDataResult? = nil,
        clusterModes: VehicleDataResult? = nil,
        myKey: VehicleDataResult? = nil,
        windowStatus: VehicleDataResult? = nil,
        handsOffSteering: VehicleDataResult? = nil,
        seatOccupancy: VehicleDataResult? = nil
    ) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
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
        self.clusterModes = clusterModes
        self.myKey = myKey
        self.windowStatus = windowStatus
        self.handsOffSteering = handsOffSteering
        self.seatOccupancy = seatOccupancy
    }
}
