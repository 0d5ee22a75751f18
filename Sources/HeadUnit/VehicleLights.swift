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

    public init(
        allowsHeadLampStatus: Bool = false, ambientLight: String = "DAY", lowBeamsOn: Bool = false,
        highBeamsOn: Bool = false
    ) {
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

    /// The vehicle data RPCs a grant of `headLampStatus` lets the app use.
    static let vehicleDataRPCs = ["GetVehicleData", "OnVehicleData", "SubscribeVehicleData", "UnsubscribeVehicleData"]

    /// `template` (an OnPermissionsChange body) with a PermissionItem per vehicle data RPC listing `headLampStatus`
    /// in its allowed parameters when the policy grants it; unchanged otherwise (the traces' policy has no
    /// VehicleInfo group). HMI levels as Core's VehicleInfo-1 group: BACKGROUND, FULL and LIMITED.
    func permissionsChange(_ template: JSONValue) -> JSONValue {
        guard allowsHeadLampStatus, case .object(var fields) = template else { return template }
        var items = (fields["permissionItem"]?.arrayValue ?? []).filter {
            guard let name = $0.objectValue?["rpcName"]?.stringValue else { return true }
            return !Self.vehicleDataRPCs.contains(name)
        }
        for name in Self.vehicleDataRPCs {
            items.append([
                "rpcName": .string(name),
                "hmiPermissions": ["allowed": ["BACKGROUND", "FULL", "LIMITED"], "userDisallowed": []],
                "parameterPermissions": ["allowed": ["headLampStatus"], "userDisallowed": []],
            ])
        }
        fields["permissionItem"] = .array(items)
        return .object(fields)
    }
}
