extension HeadUnitEmulator {
    /// Types on the app's open keyboard, as a user on the head unit's screen would: OnKeyboardInput KEYPRESS per
    /// character, in the app's keypress mode.
    ///
    /// ```swift
    /// try await headUnit.keyboardType("Main Street", for: app)
    /// try await headUnit.keyboardSubmit(for: app)
    /// ```
    ///
    /// - Throws: ``HeadUnitError`` `.unknownApp`, or `.invalidControl` when no keyboard is open.
    public func keyboardType(_ text: String, for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        guard let actions = connection.session.typeOnKeyboard(text) else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(actions, on: connection)
    }

    /// Deletes the last character typed (a backspace key): with RESEND_CURRENT_ENTRY the app gets the shorter entry.
    public func keyboardBackspace(for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        guard let actions = connection.session.deleteOnKeyboard() else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(actions, on: connection)
    }

    /// Submits the entry: ENTRY_SUBMITTED, then the PerformInteraction's SUCCESS with `manualTextEntry`.
    public func keyboardSubmit(for app: AppID) throws(HeadUnitError) {
        try closeKeyboard(for: app, result: "SUCCESS")
    }

    /// Cancels the keyboard: ENTRY_CANCELLED, then the PerformInteraction's ABORTED.
    public func keyboardCancel(for app: AppID) throws(HeadUnitError) {
        try closeKeyboard(for: app, result: "ABORTED")
    }

    private func closeKeyboard(for app: AppID, result: String) throws(HeadUnitError) {
        let connection = try connection(app)
        guard connection.session.keyboard != nil else {
            throw HeadUnitError(.invalidControl("no keyboard is open"), app: app)
        }
        execute(connection.session.closeKeyboard(result: result), on: connection)
    }
}
