public import SDLRPC

/// What the driver does with the rotary knob of a car without (or beside) a touch screen.
public enum KnobAction: String, Hashable, Sendable, CaseIterable {
    /// One step back in the haptic rects' reading order.
    case left
    /// One step on.
    case right
    /// Select: a tap at the centre of the highlighted rect.
    case press
}

extension HeadUnitEmulator {
    /// The driver presses a hardware button. Core routes it to one app: `OK` to the subscribed app in FULL, any
    /// other button to the first subscribed app in FULL or LIMITED; it gets OnButtonEvent DOWN/UP and OnButtonPress.
    ///
    /// ```swift
    /// let app = try await headUnit.pressButton(.navZoomIn)            // SHORT
    /// try await headUnit.pressButton(.ok, long: true)                 // LONG
    /// ```
    ///
    /// - Returns: the app that got it, `nil` when no app subscribed to it is in a level that takes it.
    /// - Throws: ``HeadUnitError`` `.invalidControl` for a button the car does not have.
    @discardableResult
    public func pressButton(_ button: ButtonName, long: Bool = false) throws(HeadUnitError) -> AppID? {
        guard configuration.buttons.contains(button) else {
            let names = configuration.buttons.map(\.rawValue).joined(separator: ", ")
            throw HeadUnitError(.invalidControl("this car has no \(button) button (it has: \(names))"))
        }
        guard let connection = allConnections.first(where: { $0.session.takesButton(button) }) else { return nil }
        execute(connection.session.pressButton(button, long: long), on: connection)
        return connection.app
    }

    /// The driver turns or presses the knob, which works on the app in FULL (the one on screen): a turn moves the
    /// highlight over its haptic rects in reading order (the app is not told), a press sends a tap at the centre of
    /// the highlighted rect, the only touch a knob car sends.
    ///
    /// ```swift
    /// let (app, rect, _) = try await headUnit.knob(.right)
    /// _ = try await headUnit.knob(.press)      // OnTouchEvent BEGIN and END at rect's centre
    /// ```
    ///
    /// - Returns: the app, the highlighted rect (`nil` when it sent none) and the OnTouchEvent notifications sent.
    /// - Throws: ``HeadUnitError`` `.invalidControl` when no app is in FULL.
    public func knob(_ action: KnobAction) throws(HeadUnitError) -> (app: AppID, rect: HapticRect?, sent: Int) {
        guard let connection = allConnections.first(where: { $0.session.status.hmiLevel == .full }) else {
            throw HeadUnitError(.invalidControl("no app is in FULL: the knob works on the app on screen"))
        }
        switch action {
        case .left, .right:
            let (rect, actions) = connection.session.turnKnob(by: action == .left ? -1 : 1)
            execute(actions, on: connection)
            return (connection.app, rect, 0)
        case .press:
            // A press before any turn selects what the first turn would highlight.
            if connection.session.knobRect == nil {
                execute(connection.session.turnKnob(by: 1).actions, on: connection)
            }
            guard let rect = connection.session.knobRect else { return (connection.app, nil, 0) }
            let (actions, sent) = connection.session.touches(OnTouchEvent.tap(x: rect.center.x, y: rect.center.y))
            execute(actions, on: connection)
            return (connection.app, rect, sent)
        }
    }
}
