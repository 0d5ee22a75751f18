extension HeadUnitEmulator {
    /// Says whether the car is moving: sends OnDriverDistraction (DD_ON or DD_OFF) to every registered app, as Core
    /// forwards the HMI's `UI.OnDriverDistraction`. The notification carries the same lock-screen dismissal fields
    /// as the DD_OFF Core sends at registration. Apps registering later get DD_OFF, as before. While the car moves the
    /// keyboard is greyed out (``keyboardType(_:for:)`` refuses), as HMIs do: keyboard input is unavailable in
    /// motion.
    ///
    /// ```swift
    /// let notified = await headUnit.setDriverDistraction(true)    // the car started moving
    /// ```
    ///
    /// - Returns: how many apps were sent the notification (withheld ones, under RPC protection, do not count).
    @discardableResult
    public func setDriverDistraction(_ distracted: Bool) -> Int {
        driverDistracted = distracted
        let body: JSONValue = [
            "state": distracted ? "DD_ON" : "DD_OFF", "lockScreenDismissalEnabled": true,
            "lockScreenDismissalWarning": .string(CoreRPC.lockScreenDismissalWarning),
        ]
        var sent = 0
        for connection in allConnections where connection.session.registration != nil {
            let actions = connection.session.notify(CoreRPC.onDriverDistraction, body)
            execute(actions, on: connection)
            if actions.contains(where: \.isSend) { sent += 1 }
        }
        return sent
    }
}
