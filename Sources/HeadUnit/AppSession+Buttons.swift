import SDLRPC

extension AppSession {
    /// SubscribeButton and UnsubscribeButton, answered in the order SDL Core 8.2 checks them (docs/buttons.md):
    /// - not allowed by policy in NONE: DISALLOWED;
    /// - no `buttonName`, or one the spec does not name: INVALID_DATA;
    /// - a media-only button for a non-media app, a map button for an app that is not NAVIGATION: REJECTED;
    /// - a button the car does not have (``HeadUnitConfiguration/buttons``): UNSUPPORTED_RESOURCE;
    /// - subscribing twice, or unsubscribing one not subscribed: IGNORED.
    mutating func buttonRequest(_ rpc: IncomingRPC, subscribe: Bool) -> [SessionAction] {
        guard let name = rpc.body["buttonName"]?.stringValue, ButtonName.specified.contains(ButtonName(rawValue: name))
        else {
            return [respond(rpc, CoreRPC.response("INVALID_DATA", info: "Invalid or missing parameter: buttonName"))]
        }
        let button = ButtonName(rawValue: name)
        let result = buttonResult(button, subscribe: subscribe)
        if result.code == "SUCCESS" {
            if subscribe { subscribedButtons.insert(button) } else { subscribedButtons.remove(button) }
        }
        return [
            respond(rpc, CoreRPC.response(result.code, info: result.info)),
            .emit(.buttonSubscription(app, button: button, subscribe: subscribe, resultCode: result.code)),
        ]
    }

    private func buttonResult(_ button: ButtonName, subscribe: Bool) -> (code: String, info: String?) {
        guard status.hmiLevel != .none else { return ("DISALLOWED", "Request is disallowed by policies") }
        guard subscribe else {
            return subscribedButtons.contains(button) ? ("SUCCESS", nil) : ("IGNORED", "Not subscribed to the button")
        }
        let navigation = registration?.navigationType ?? false
        let media = registration?.isMedia ?? false
        guard button.isSubscribable(navigation: navigation, media: media) else {
            return ("REJECTED", "Subscribe on button \(button) isn't allowed for this app type")
        }
        guard configuration.buttons.contains(button) else {
            return ("UNSUPPORTED_RESOURCE", "Subscribe on button \(button) isn't allowed by HMI capabilities")
        }
        guard !subscribedButtons.contains(button) else { return ("IGNORED", "Already subscribed to button") }
        return ("SUCCESS", nil)
    }

    /// Whether Core would route a press of `button` to this app: it must have subscribed, and be in FULL for `OK`
    /// (the app on screen), FULL or LIMITED for any other button.
    func takesButton(_ button: ButtonName) -> Bool {
        guard registration != nil, subscribedButtons.contains(button) else { return false }
        if button == .ok { return status.hmiLevel == .full }
        return status.hmiLevel == .full || status.hmiLevel == .limited
    }

    /// A press of `button` as the HMI reports it: OnButtonEvent BUTTONDOWN, then for a short press BUTTONUP and
    /// OnButtonPress SHORT, for a long one OnButtonPress LONG while held and BUTTONUP on release.
    mutating func pressButton(_ button: ButtonName, long: Bool) -> [SessionAction] {
        func event(_ mode: String) -> JSONValue {
            ["buttonName": .string(button.rawValue), "buttonEventMode": .string(mode)]
        }
        let mode = long ? "LONG" : "SHORT"
        let press: JSONValue = ["buttonName": .string(button.rawValue), "buttonPressMode": .string(mode)]
        var actions = notify(CoreRPC.onButtonEvent, event("BUTTONDOWN"))
        if long {
            actions += notify(CoreRPC.onButtonPress, press)
            actions += notify(CoreRPC.onButtonEvent, event("BUTTONUP"))
        } else {
            actions += notify(CoreRPC.onButtonEvent, event("BUTTONUP"))
            actions += notify(CoreRPC.onButtonPress, press)
        }
        actions.append(.emit(.buttonPressed(app, button: button, mode: mode)))
        return actions
    }

    /// The app's haptic rects in the order a knob visits them: reading order, top to bottom, then left to right.
    var knobOrder: [HapticRect] {
        hapticRects.sorted { ($0.y, $0.x, $0.id) < ($1.y, $1.x, $1.id) }
    }

    /// Turns the knob one step (`by` -1 or +1) over ``knobOrder``, wrapping at the ends; a highlight whose rect is
    /// gone starts again from the first. Returns the rect now highlighted, `nil` when the app has none.
    mutating func turnKnob(by step: Int) -> (rect: HapticRect?, actions: [SessionAction]) {
        let order = knobOrder
        guard !order.isEmpty else {
            knobHighlight = nil
            return (nil, [.emit(.knobHighlighted(app, rect: nil))])
        }
        let next: Int
        if let current = knobHighlight, let index = order.firstIndex(where: { $0.id == current }) {
            next = (index + step + order.count) % order.count
        } else {
            next = step >= 0 ? 0 : order.count - 1
        }
        knobHighlight = order[next].id
        return (order[next], [.emit(.knobHighlighted(app, rect: order[next]))])
    }

    /// The rect the knob highlights now, if it still exists.
    var knobRect: HapticRect? {
        knobHighlight.flatMap { id in hapticRects.first { $0.id == id } }
    }
}
