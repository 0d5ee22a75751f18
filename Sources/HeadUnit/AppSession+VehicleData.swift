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
