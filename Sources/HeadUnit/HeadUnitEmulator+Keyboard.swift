extension HeadUnitEmulator {
    /// Types on the app's open keyboard, as a user on the head unit's screen would: OnKeyboardInput KEYPRESS per
    /// character, in the app's keypress mode.
    ///
    /// ```swift
    /// try await headUnit.keyboardType("Main Street", for: app)
    /// try await headUnit.keyboardSubmit(for: app)
    /// ```
    ///
    /// - Throws: ``HeadUnitError`` `.unknownApp`, or `.invalidControl` when no keyboard is open or the car moves
    ///   (``setDriverDistraction(_:)``: the keyboard is greyed out).
    public func keyboardType(_ text: String, for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        try refuseWhileMoving(app)
        guard let actions = connection.session.typeOnKeyboard(text) else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(actions, on: connection)
    }

    /// Deletes the last character typed (a backspace key): with RESEND_CURRENT_ENTRY the app gets the shorter entry.
    public func keyboardBackspace(for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        try refuseWhileMoving(app)
        guard let actions = connection.session.deleteOnKeyboard() else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(actions, on: connection)
    }

    /// Submits the entry: ENTRY_SUBMITTED, then the PerformInteraction's SUCCESS with `manualTextEntry`. Refused
    /// while the car moves, as typing is; cancelling stays possible.
    public func keyboardSubmit(for app: AppID) throws(HeadUnitError) {
        try refuseWhileMoving(app)
        try closeKeyboard(for: app, result: "SUCCESS")
    }

    /// Cancels the keyboard: ENTRY_CANCELLED, then the PerformInteraction's ABORTED.
    public func keyboardCancel(for app: AppID) throws(HeadUnitError) {
        try closeKeyboard(for: app, result: "ABORTED")
    }

    /// An HMI greys its keyboard out while the car moves (driver distraction on).
    private func refuseWhileMoving(_ app: AppID) throws(HeadUnitError) {
        guard !driverDistracted else {
            throw HeadUnitError(
                .invalidControl("the keyboard is greyed out while the car moves (distraction on)"), app: app)
        }
    }

    private func closeKeyboard(for app: AppID, result: String) throws(HeadUnitError) {
        let connection = try connection(app)
        guard connection.session.keyboard != nil else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(connection.session.closeKeyboard(result: result), on: connection)
    }
}
