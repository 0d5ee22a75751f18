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
            guard connection.session.registration != nil, connection.session.subscribedToHeadLamps,
                lights.allowsHeadLampStatus
            else { continue }
            let actions = connection.session.notify(CoreRPC.onVehicleData, ["headLampStatus": lights.json])
            execute(actions, on: connection)
            if actions.contains(where: \.isSend) { sent += 1 }
        }
        return sent
    }

    /// Lets apps read `headLampStatus` (the policy of a head unit that grants it) or not (DISALLOWED).
    ///
    /// A change is a policy table update: as Core does after one, every registered app gets OnPermissionsChange
    /// with its new permissions (with or without the vehicle data items that carry `headLampStatus`), so an app
    /// refused earlier can subscribe again. A revoked grant also drops the subscription.
    ///
    /// ```swift
    /// await headUnit.allowHeadLampStatus(true)   // apps get OnPermissionsChange granting headLampStatus
    /// ```
    ///
    /// - Returns: how many apps were sent OnPermissionsChange (none when the policy did not change).
    @discardableResult
    public func allowHeadLampStatus(_ allowed: Bool) -> Int {
        let changed = configuration.lights.allowsHeadLampStatus != allowed
        updateConfiguration { $0.lights.allowsHeadLampStatus = allowed }
        var sent = 0
        for connection in allConnections {
            connection.session.configuration.lights.allowsHeadLampStatus = allowed
            if !allowed { connection.session.subscribedToHeadLamps = false }
            guard changed, connection.session.registration != nil else { continue }
            let actions = connection.session.notify(CoreRPC.onPermissionsChange, connection.session.permissionsChange)
            execute(actions, on: connection)
            if actions.contains(where: \.isSend) { sent += 1 }
        }
        return sent
    }
}
