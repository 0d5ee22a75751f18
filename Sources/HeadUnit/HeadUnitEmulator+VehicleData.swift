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
