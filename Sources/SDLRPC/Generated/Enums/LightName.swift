// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Enumeration that describes possible values of light name. The mobile libraries and SDL Core use the name string when
/// referencing these elements.
///
/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct LightName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let frontLeftHighBeam = LightName(rawValue: "FRONT_LEFT_HIGH_BEAM")

    public static let frontRightHighBeam = LightName(rawValue: "FRONT_RIGHT_HIGH_BEAM")

    public static let frontLeftLowBeam = LightName(rawValue: "FRONT_LEFT_LOW_BEAM")

    public static let frontRightLowBeam = LightName(rawValue: "FRONT_RIGHT_LOW_BEAM")

    public static let frontLeftParkingLight = LightName(rawValue: "FRONT_LEFT_PARKING_LIGHT")

    public static let frontRightParkingLight = LightName(rawValue: "FRONT_RIGHT_PARKING_LIGHT")

    public static let frontLeftFogLight = LightName(rawValue: "FRONT_LEFT_FOG_LIGHT")

    public static let frontRightFogLight = LightName(rawValue: "FRONT_RIGHT_FOG_LIGHT")

    public static let frontLeftDaytimeRunningLight = LightName(rawValue: "FRONT_LEFT_DAYTIME_RUNNING_LIGHT")

    public static let frontRightDaytimeRunningLight = LightName(rawValue: "FRONT_RIGHT_DAYTIME_RUNNING_LIGHT")

    public static let frontLeftTurnLight = LightName(rawValue: "FRONT_LEFT_TURN_LIGHT")

    public static let frontRightTurnLight = LightName(rawValue: "FRONT_RIGHT_TURN_LIGHT")

    public static let rearLeftFogLight = LightName(rawValue: "REAR_LEFT_FOG_LIGHT")

    public static let rearRightFogLight = LightName(rawValue: "REAR_RIGHT_FOG_LIGHT")

    public static let rearLeftTailLight = LightName(rawValue: "REAR_LEFT_TAIL_LIGHT")

    public static let rearRightTailLight = LightName(rawValue: "REAR_RIGHT_TAIL_LIGHT")

    public static let rearLeftBrakeLight = LightName(rawValue: "REAR_LEFT_BRAKE_LIGHT")

    public static let rearRightBrakeLight = LightName(rawValue: "REAR_RIGHT_BRAKE_LIGHT")

    public static let rearLeftTurnLight = LightName(rawValue: "REAR_LEFT_TURN_LIGHT")

    public static let rearRightTurnLight = LightName(rawValue: "REAR_RIGHT_TURN_LIGHT")

    public static let rearRegistrationPlateLight = LightName(rawValue: "REAR_REGISTRATION_PLATE_LIGHT")

    /// Include all high beam lights: front_left and front_right.
    public static let highBeams = LightName(rawValue: "HIGH_BEAMS")

    /// Include all low beam lights: front_left and front_right.
    public static let lowBeams = LightName(rawValue: "LOW_BEAMS")

    /// Include all fog lights: front_left, front_right, rear_left and rear_right.
    public static let fogLights = LightName(rawValue: "FOG_LIGHTS")

    /// Include all daytime running lights: front_left and front_right.
    public static let runningLights = LightName(rawValue: "RUNNING_LIGHTS")

    /// Include all parking lights: front_left and front_right.
    public static let parkingLights = LightName(rawValue: "PARKING_LIGHTS")

    /// Include all brake lights: rear_left and rear_right.
    public static let brakeLights = LightName(rawValue: "BRAKE_LIGHTS")

    public static let rearReversingLights = LightName(rawValue: "REAR_REVERSING_LIGHTS")

    public static let sideMarkerLights = LightName(rawValue: "SIDE_MARKER_LIGHTS")

    /// Include all left turn signal lights: front_left, rear_left, left_side and mirror_mounted.
    public static let leftTurnLights = LightName(rawValue: "LEFT_TURN_LIGHTS")

    /// Include all right turn signal lights: front_right, rear_right, right_side and mirror_mounted.
    public static let rightTurnLights = LightName(rawValue: "RIGHT_TURN_LIGHTS")

    /// Include all hazard lights: front_left, front_right, rear_left and rear_right.
    public static let hazardLights = LightName(rawValue: "HAZARD_LIGHTS")

    /// Cargo lamps illuminate the cargo area.
    public static let rearCargoLights = LightName(rawValue: "REAR_CARGO_LIGHTS")

    /// Truck bed lamps light up the bed of the truck.
    public static let rearTruckBedLights = LightName(rawValue: "REAR_TRUCK_BED_LIGHTS")

    /// Trailer lights are lamps mounted on a trailer hitch.
    public static let rearTrailerLights = LightName(rawValue: "REAR_TRAILER_LIGHTS")

    /// It is the spotlights mounted on the left side of a vehicle.
    public static let leftSpotLights = LightName(rawValue: "LEFT_SPOT_LIGHTS")

    /// It is the spotlights mounted on the right side of a vehicle.
    public static let rightSpotLights = LightName(rawValue: "RIGHT_SPOT_LIGHTS")

    /// Puddle lamps illuminate the ground beside the door as the customer is opening or approaching the door.
    public static let leftPuddleLights = LightName(rawValue: "LEFT_PUDDLE_LIGHTS")

    /// Puddle lamps illuminate the ground beside the door as the customer is opening or approaching the door.
    public static let rightPuddleLights = LightName(rawValue: "RIGHT_PUDDLE_LIGHTS")

    public static let ambientLights = LightName(rawValue: "AMBIENT_LIGHTS")

    public static let overheadLights = LightName(rawValue: "OVERHEAD_LIGHTS")

    public static let readingLights = LightName(rawValue: "READING_LIGHTS")

    public static let trunkLights = LightName(rawValue: "TRUNK_LIGHTS")

    /// Include exterior lights located in front of the vehicle. For example, fog lights and low beams.
    public static let exteriorFrontLights = LightName(rawValue: "EXTERIOR_FRONT_LIGHTS")

    /// Include exterior lights located at the back of the vehicle. For example, license plate lights, reverse lights,
    /// cargo lights, bed lights and trailer assist lights.
    public static let exteriorRearLights = LightName(rawValue: "EXTERIOR_REAR_LIGHTS")

    /// Include exterior lights located at the left side of the vehicle. For example, left puddle lights and spot
    /// lights.
    public static let exteriorLeftLights = LightName(rawValue: "EXTERIOR_LEFT_LIGHTS")

    /// Include exterior lights located at the right side of the vehicle. For example, right puddle lights and spot
    /// lights.
    public static let exteriorRightLights = LightName(rawValue: "EXTERIOR_RIGHT_LIGHTS")

    /// Include all exterior lights around the vehicle.
    public static let exteriorAllLights = LightName(rawValue: "EXTERIOR_ALL_LIGHTS")
}
