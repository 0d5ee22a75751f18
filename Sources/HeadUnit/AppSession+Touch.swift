import SDLRPC

extension AppSession {
    /// The driver touched the screen: OnTouchEvent notifications for `events`, as Core forwards them. Only an app
    /// in FULL gets any; ``CoreQuirks/duplicateTouchEvents`` sends each twice to a navigation app.
    ///
    /// - Returns: the actions, and the number of notifications they send (none while OnTouchEvent requires
    ///   encryption the app's RPC service lacks). An event that does not encode is an `error` event, not a send.
    mutating func touches(_ events: [OnTouchEvent]) -> (actions: [SessionAction], sent: Int) {
        guard let registration, status.hmiLevel == .full else { return ([], 0) }
        let copies = quirks.duplicateTouchEvents && registration.navigation ? 2 : 1
        let coder = RPCCoder()
        var actions: [SessionAction] = []
        var sent = 0
        for event in events {
            let body: JSONValue
            do {
                body = try JSONValue(parsing: coder.encode(event))
            } catch {
                actions.append(
                    .emit(
                        .error(
                            HeadUnitError(.invalidControl("an OnTouchEvent that does not encode: \(error)"), app: app)))
                )
                continue
            }
            var copiesSent = 0
            for _ in 0..<copies {
                let notified = notify(CoreRPC.onTouchEvent, body)
                actions += notified
                if notified.contains(where: \.isSend) { copiesSent += 1 }
            }
            sent += copiesSent
            if copiesSent > 0 { actions.append(.emit(.touchSent(app, type: event.type, notifications: copiesSent))) }
        }
        return (actions, sent)
    }
}
