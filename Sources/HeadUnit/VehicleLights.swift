/// The emulated car's light status for `headLampStatus` vehicle data, and whether the policy lets apps read it.
///
/// Core answers SubscribeVehicleData and GetVehicleData by policy: with the permissions Core 8.2 sent our test
/// app (no VehicleInfo group) they are DISALLOWED, which is the default here. Allow them to emulate a head unit
/// whose policy grants `headLampStatus`.
///
/// ```swift
/// var configuration = HeadUnitConfiguration()
/// configuration.lights = VehicleLights(allowsHeadLampStatus: true, ambientLight: "NIGHT")
/// ```
public struct VehicleLights: Hashable, Sendable {
    /// Whether SubscribeVehicleData / GetVehicleData of `headLampStatus` are allowed by the policy.
    public var allowsHeadLampStatus: Bool
    /// The spec's AmbientLightStatus: NIGHT, TWILIGHT_1...TWILIGHT_4, DAY, UNKNOWN, INVALID.
    public var ambientLight: String
    public var lowBeamsOn: Bool
    public var highBeamsOn: Bool

    public init(allowsHeadLampStatus: Bool = false, ambientLight: String = "DAY", lowBeamsOn: Bool = false,
                highBeamsOn: Bool = false) {
        self.allowsHeadLampStatus = allowsHeadLampStatus
        self.ambientLight = ambientLight
        self.lowBeamsOn = lowBeamsOn
        self.highBeamsOn = highBeamsOn
    }

    /// The spec's HeadLampStatus struct.
    var json: JSONValue {
        [
            "lowBeamsOn": .bool(lowBeamsOn), "highBeamsOn": .bool(highBeamsOn),
            "ambientLightSensorStatus": .string(ambientLight),
        ]
    }
}
