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
        ["lowBeamsOn": .bool(lowBeamsOn), "highBeamsOn": .bool(highBeamsOn), "ambientLightSensorStatus": .string(ambientLight)]
    }
}

extension AppSession {
    /// SubscribeVehicleData and GetVehicleData of `headLampStatus`, as Core answers them:
    /// - not allowed by policy: DISALLOWED;
    /// - a request without `headLampStatus: true` (the only vehicle data the emulator has): DATA_NOT_AVAILABLE for
    ///   the request as a whole (our choice: Core's answer per item is not in our traces);
    /// - subscribing twice: IGNORED with the item's resultCode DATA_ALREADY_SUBSCRIBED (RPC spec, VehicleDataResultCode).
    mutating func vehicleDataRequest(_ rpc: IncomingRPC, subscribe: Bool) -> JSONValue {
        guard configuration.lights.allowsHeadLampStatus else {
            return CoreRPC.response("DISALLOWED", info: "Request is disallowed by policies")
        }
        guard rpc.body["headLampStatus"]?.boolValue == true else {
            return CoreRPC.response("DATA_NOT_AVAILABLE", info: "The emulator has only headLampStatus")
        }
        guard subscribe else {
            return CoreRPC.response("SUCCESS", extra: ["headLampStatus": configuration.lights.json])
        }
        let already = subscribedToHeadLamps
        subscribedToHeadLamps = true
        let result: JSONValue = [
            "dataType": "VEHICLEDATA_HEADLAMPSTATUS",
            "resultCode": .string(already ? "DATA_ALREADY_SUBSCRIBED" : "SUCCESS"),
        ]
        return CoreRPC.response(
            already ? "IGNORED" : "SUCCESS", info: already ? "Already subscribed" : nil,
            extra: ["headLampStatus": result])
    }
}

extension HeadUnitEmulator {
    /// Changes the emulated light status and sends OnVehicleData `headLampStatus` to every app subscribed to it,
    /// as Core forwards `VehicleInfo.OnVehicleData`. Apps read the new value with GetVehicleData too.
    ///
    /// ```swift
    /// let notified = await headUnit.setAmbientLight("NIGHT")   // the car drives into the night
    /// ```
    ///
    /// - Returns: how many apps were notified.
    @discardableResult
    public func setAmbientLight(_ status: String, lowBeamsOn: Bool? = nil) -> Int {
        updateConfiguration {
            $0.lights.ambientLight = status
            $0.lights.lowBeamsOn = lowBeamsOn ?? (status != "DAY")
        }
        let lights = configuration.lights
        var sent = 0
        for connection in allConnections {
            connection.session.configuration.lights = lights
            guard connection.session.registration != nil, connection.session.subscribedToHeadLamps else { continue }
            let actions = connection.session.notify(CoreRPC.onVehicleData, ["headLampStatus": lights.json])
            execute(actions, on: connection)
            if actions.contains(where: \.isSend) { sent += 1 }
        }
        return sent
    }

    /// Lets apps read `headLampStatus` (the policy of a head unit that grants it) or not (DISALLOWED).
    public func allowHeadLampStatus(_ allowed: Bool) {
        updateConfiguration { $0.lights.allowsHeadLampStatus = allowed }
        for connection in allConnections { connection.session.configuration.lights.allowsHeadLampStatus = allowed }
    }
}
