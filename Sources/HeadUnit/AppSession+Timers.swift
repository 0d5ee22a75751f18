import SDLRPC

extension AppSession {
    /// A timer ``SessionAction/schedule(_:after:)`` armed is due: what Core does then. The actor only keeps the
    /// timers and calls this; a timer cancelled or replaced before its time never gets here.
    mutating func timerFired(_ timer: SessionTimer) -> [SessionAction] {
        switch timer {
        case .keyboardTimeout:
            return closeKeyboard(result: "TIMED_OUT")
        case .activation:
            let navigation = registration?.navigation ?? false
            return setStatus(.core(level: .full, navigation: navigation, media: registration?.isMedia ?? false))
        case .noneAfterVideoNAK:
            return noneAfterVideoNAKFired()
        case .videoStart:
            return completeVideoStart()
        case .backgroundEnd:
            return backgroundTimerFired()
        case .handshake:
            // The handshake's state machine lives with the TLS engine, in the actor.
            return [.handshakeDeadline]
        }
    }
}
