import SDLWire

/// The secondary transport's policy as a pure value (PS §4.6; sdl_ios `SDLSecondaryTransportManager`): when to
/// connect, when an attempt has failed, when to retry. It returns what should happen; the ``SDLSession`` actor opens
/// and closes the links, sends the registration, arms the timers and moves the services.
///
/// ```
///  idle --address, offered, HMI not NONE--> connecting --link open--> registering --ACK--> registered
///   ^                                          |                           |  NAK, timeout     | closed,
///   |                                          +------ failed -------------+-------------------+ new address
///   +---- retry timer ---- waitingToRetry <--- (a failure)    idle <--- (closed on purpose) ---+
/// ```
///
/// Every link belongs to one attempt, numbered from 1. An input about an older attempt (its link opening late, its
/// close) finds a newer state and changes nothing, and a timer fires into the machine only in the state that armed
/// it; the session's ``SessionTimers`` drops a timer that was cancelled or re-armed before it ran.
struct SecondaryTransportMachine: Sendable {
    enum Phase: Equatable, Sendable {
        case idle
        /// The TCP connect of `attempt` runs.
        case connecting(attempt: Int)
        /// The link is open and RegisterSecondaryTransport was sent on it.
        case registering(attempt: Int)
        case registered(attempt: Int)
        case waitingToRetry
    }

    /// The machine's timers; at most one of each is armed.
    enum Timer: Hashable, Sendable {
        /// Connecting and registering must be done by its deadline.
        case registration
        /// The next attempt after a failure.
        case retry
    }

    /// What the session does for the machine.
    enum Action: Equatable, Sendable {
        /// Opens a TCP link for `attempt`; its outcome comes back as ``linkOpened(attempt:)`` and
        /// ``linkEnded(attempt:error:_:)``.
        case connect(host: String, port: Int, attempt: Int)
        /// Sends RegisterSecondaryTransport on the link of `attempt`.
        case register(attempt: Int)
        /// Closes the link of `attempt` if it is open (one that opens later is closed by ``linkOpened(attempt:)``).
        case closeLink(attempt: Int)
        case armTimer(Timer, deadline: SessionClock.Instant)
        case cancelTimer(Timer)
        /// RegisterSecondaryTransportACK: report it, and move the services the head unit prefers there.
        case registered(host: String, port: Int)
        /// The link of a registered or registering attempt is gone: the services on it end. `failure` says why when it
        /// was not closed on purpose; `report` is false while the session itself closes.
        case linkGone(failure: SDLSessionError?, report: Bool)
    }

    /// What the session allows when an input might start an attempt.
    struct Context: Sendable {
        /// The head unit offers a secondary the app may use, the HMI level is not NONE and the session is open.
        var mayConnect: Bool
        /// The session is neither failing nor stopping: failures are reported and retried.
        var isOpen: Bool
        var now: SessionClock.Instant
    }

    let registrationTimeout: Duration
    let retryDelay: Duration

    private(set) var phase: Phase = .idle
    /// From the last TransportEventUpdate; `nil` when none came or it was withdrawn.
    private(set) var host: String?
    private(set) var port: Int?
    private var attempts = 0
    /// The current attempt is being closed on purpose (withdrawn, new address): no error, no retry delay.
    private var closingOnPurpose = false
    /// Why the current attempt failed (a NAK, the registration timeout), known before its link closes.
    private var failure: SDLSessionError?

    init(registrationTimeout: Duration, retryDelay: Duration) {
        self.registrationTimeout = registrationTimeout
        self.retryDelay = retryDelay
    }

    var isRegistered: Bool {
        if case .registered = phase { return true }
        return false
    }

    /// The attempt whose link is connecting, registering or registered.
    var currentAttempt: Int? {
        switch phase {
        case .connecting(let attempt), .registering(let attempt), .registered(let attempt): attempt
        case .idle, .waitingToRetry: nil
        }
    }

    // MARK: Inputs

    /// Something the connection depends on changed (the HMI level, the offer): connects if everything allows it and
    /// nothing is connected or waiting.
    mutating func conditionsChanged(_ context: Context) -> [Action] {
        guard case .idle = phase, context.mayConnect, let host, let port, (1...65_535).contains(port) else { return [] }
        attempts += 1
        phase = .connecting(attempt: attempts)
        closingOnPurpose = false
        failure = nil
        return [
            .connect(host: host, port: port, attempt: attempts),
            .armTimer(.registration, deadline: context.now.advanced(by: registrationTimeout)),
        ]
    }

    /// A TransportEventUpdate: a new address connects (or reconnects), a withdrawn one (`nil`) closes the link.
    mutating func addressChanged(host newHost: String?, port newPort: Int?, _ context: Context) -> [Action] {
        let changed = newHost != host || newPort != port
        host = newHost
        port = newPort
        switch phase {
        case .connecting(let attempt), .registering(let attempt), .registered(let attempt):
            // A new address while connected: disconnect, then connect to the new one (sdl_ios does the same).
            guard changed || newHost == nil else { return [] }
            closingOnPurpose = true
            return [.closeLink(attempt: attempt)]
        case .waitingToRetry where newHost == nil:
            phase = .idle
            return [.cancelTimer(.retry)]
        case .waitingToRetry:
            return []
        case .idle:
            return conditionsChanged(context)
        }
    }

    /// The TCP link of `attempt` opened.
    mutating func linkOpened(attempt: Int) -> [Action] {
        guard phase == .connecting(attempt: attempt), !closingOnPurpose, failure == nil else {
            return [.closeLink(attempt: attempt)]
        }
        phase = .registering(attempt: attempt)
        return [.register(attempt: attempt)]
    }

    /// RegisterSecondaryTransportACK on the link of `attempt`.
    mutating func registrationAcknowledged(attempt: Int) -> [Action] {
        guard phase == .registering(attempt: attempt), !closingOnPurpose else { return [] }
        phase = .registered(attempt: attempt)
        return [.cancelTimer(.registration), .registered(host: host ?? "-", port: port ?? 0)]
    }

    /// RegisterSecondaryTransportNAK on the link of `attempt`, with its reason.
    mutating func registrationRefused(attempt: Int, reason: String?) -> [Action] {
        guard phase == .registering(attempt: attempt) else { return [] }
        failure = SDLSessionError(.secondaryTransport("RegisterSecondaryTransportNAK: \(reason ?? "no reason")"))
        return [.closeLink(attempt: attempt)]
    }

    /// A timer the machine armed fired. One from a state that is gone does nothing.
    mutating func timerFired(_ timer: Timer, _ context: Context) -> [Action] {
        switch (timer, phase) {
        case (.registration, .connecting(let attempt)), (.registration, .registering(let attempt)):
            if failure == nil, !closingOnPurpose {
                failure = SDLSessionError(.timeout("RegisterSecondaryTransportACK"))
            }
            return [.closeLink(attempt: attempt)]
        case (.retry, .waitingToRetry):
            phase = .idle
            return conditionsChanged(context)
        default:
            return []
        }
    }

    /// The link of `attempt` closed, or never opened (`error` from the connect or the link, if any). A failure is
    /// reported and retried after the retry delay; a link closed on purpose connects again at once if it may.
    mutating func linkEnded(attempt: Int, error: String?, _ context: Context) -> [Action] {
        guard currentAttempt == attempt else { return [] }
        var failure = self.failure
        if failure == nil, !closingOnPurpose {
            failure = SDLSessionError(.secondaryTransport(error.map { "closed: \($0)" } ?? "the head unit closed it"))
        }
        self.failure = nil
        closingOnPurpose = false
        var actions: [Action] = [.cancelTimer(.registration), .linkGone(failure: failure, report: context.isOpen)]
        guard context.isOpen else {
            phase = .idle
            return actions
        }
        if failure != nil {
            phase = .waitingToRetry
            actions.append(.armTimer(.retry, deadline: context.now.advanced(by: retryDelay)))
        } else {
            phase = .idle
            actions += conditionsChanged(context)
        }
        return actions
    }

    /// The primary is closing or gone: nothing on the secondary outlives it (PS §4.6). A late close of the link is
    /// then about an attempt that is no longer current, and is ignored.
    mutating func primaryClosed() -> [Action] {
        var actions: [Action] = [.cancelTimer(.registration), .cancelTimer(.retry)]
        if let attempt = currentAttempt { actions.append(.closeLink(attempt: attempt)) }
        phase = .idle
        closingOnPurpose = false
        failure = nil
        return actions
    }
}
