// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Defines the data types that can be published and subscribed to.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct VehicleDataType: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Notifies GPSData may be subscribed
    public static let vehicledataGps = VehicleDataType(rawValue: "VEHICLEDATA_GPS")

    public static let vehicledataSpeed = VehicleDataType(rawValue: "VEHICLEDATA_SPEED")

    public static let vehicledataRpm = VehicleDataType(rawValue: "VEHICLEDATA_RPM")

    public static let vehicledataFuellevel = VehicleDataType(rawValue: "VEHICLEDATA_FUELLEVEL")

    public static let vehicledataFuellevelState = VehicleDataType(rawValue: "VEHICLEDATA_FUELLEVEL_STATE")

    public static let vehicledataFuelconsumption = VehicleDataType(rawValue: "VEHICLEDATA_FUELCONSUMPTION")

    public static let vehicledataClimatedata = VehicleDataType(rawValue: "VEHICLEDATA_CLIMATEDATA")

    /// Deprecated in the spec.
    public static let vehicledataExterntemp = VehicleDataType(rawValue: "VEHICLEDATA_EXTERNTEMP")

    public static let vehicledataVin = VehicleDataType(rawValue: "VEHICLEDATA_VIN")

    public static let vehicledataGearstatus = VehicleDataType(rawValue: "VEHICLEDATA_GEARSTATUS")

    public static let vehicledataPrndl = VehicleDataType(rawValue: "VEHICLEDATA_PRNDL")

    public static let vehicledataTirepressure = VehicleDataType(rawValue: "VEHICLEDATA_TIREPRESSURE")

    public static let vehicledataOdometer = VehicleDataType(rawValue: "VEHICLEDATA_ODOMETER")

    public static let vehicledataBeltstatus = VehicleDataType(rawValue: "VEHICLEDATA_BELTSTATUS")

    public static let vehicledataBodyinfo = VehicleDataType(rawValue: "VEHICLEDATA_BODYINFO")

    public static let vehicledataDevicestatus = VehicleDataType(rawValue: "VEHICLEDATA_DEVICESTATUS")

    public static let vehicledataEcallinfo = VehicleDataType(rawValue: "VEHICLEDATA_ECALLINFO")

    public static let vehicledataAirbagstatus = VehicleDataType(rawValue: "VEHICLEDATA_AIRBAGSTATUS")

    public static let vehicledataEmergencyevent = VehicleDataType(rawValue: "VEHICLEDATA_EMERGENCYEVENT")

    public static let vehicledataClustermodestatus = VehicleDataType(rawValue: "VEHICLEDATA_CLUSTERMODESTATUS")

    public static let vehicledataMykey = VehicleDataType(rawValue: "VEHICLEDATA_MYKEY")

    public static let vehicledataBraking = VehicleDataType(rawValue: "VEHICLEDATA_BRAKING")

    public static let vehicledataWiperstatus = VehicleDataType(rawValue: "VEHICLEDATA_WIPERSTATUS")

    public static let vehicledataHeadlampstatus = VehicleDataType(rawValue: "VEHICLEDATA_HEADLAMPSTATUS")

    public static let vehicledataBattvoltage = VehicleDataType(rawValue: "VEHICLEDATA_BATTVOLTAGE")

    public static let vehicledataEnginetorque = VehicleDataType(rawValue: "VEHICLEDATA_ENGINETORQUE")

    public static let vehicledataAccpedal = VehicleDataType(rawValue: "VEHICLEDATA_ACCPEDAL")

    public static let vehicledataSteeringwheel = VehicleDataType(rawValue: "VEHICLEDATA_STEERINGWHEEL")

    public static let vehicledataTurnsignal = VehicleDataType(rawValue: "VEHICLEDATA_TURNSIGNAL")

    public static let vehicledataFuelrange = VehicleDataType(rawValue: "VEHICLEDATA_FUELRANGE")

    public static let vehicledataEngineoillife = VehicleDataType(rawValue: "VEHICLEDATA_ENGINEOILLIFE")

    public static let vehicledataElectronicparkbrakestatus =
        VehicleDataType(rawValue: "VEHICLEDATA_ELECTRONICPARKBRAKESTATUS")

    public static let vehicledataCloudappvehicleid = VehicleDataType(rawValue: "VEHICLEDATA_CLOUDAPPVEHICLEID")

    public static let vehicledataOemCustomData = VehicleDataType(rawValue: "VEHICLEDATA_OEM_CUSTOM_DATA")

    public static let vehicledataStabilitycontrolsstatus =
        VehicleDataType(rawValue: "VEHICLEDATA_STABILITYCONTROLSSTATUS")

    public static let vehicledataWindowstatus = VehicleDataType(rawValue: "VEHICLEDATA_WINDOWSTATUS")

    public static let vehicledataHandsoffsteering = VehicleDataType(rawValue: "VEHICLEDATA_HANDSOFFSTEERING")

    public static let vehicledataSeatoccupancy = VehicleDataType(rawValue: "VEHICLEDATA_SEATOCCUPANCY")
}
