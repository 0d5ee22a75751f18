import SDLMediaService
import SDLRPC
import SDLWire

/// The audio service lifecycle as a pure value: it takes ``AudioStreamInput``s and returns ``AudioStreamAction``s;
/// ``AudioStreamManager`` executes them. No I/O, no clock, no tasks.
///
/// **The gate.** Audio may flow while the main window's HMI level is FULL or LIMITED (sdl_ios's
/// `SDLStreamingAudioLifecycleManager` checks nothing else for audio; the app's own active state does not matter),
/// the app has not disabled it, the transport is open, and no failure is waiting for the HMI to close and reopen.
///
/// ```
///            gate opens                 ACK (mtu)
///  stopped ─────────────▶ starting ────────────────▶ ready
///     ▲  ▲   NAK / failure   │ gate closed before ACK: │ gate closes
///     │  └───────────────────┘ ACK → EndService        ▼
///     └──────────────── EndServiceACK / NAK ───── shuttingDown
///  head unit's EndService (any state): EndServiceACK, → stopped at once
/// ```
///
/// **No spinning.** After a NAK, a failed start, or the head unit's own EndService, the machine stays stopped until
/// the HMI level leaves FULL/LIMITED and comes back, or the app sends ``AudioStreamInput/enable``. SDL Core ends the
/// audio service itself on BACKGROUND and NONE (docs/audio.md), so the next FULL or LIMITED starts it again.
///
/// ```swift
/// var machine = AudioStreamStateMachine(format: .default)
/// machine.handle(.hmiLevel(.full))                          // [.startService(attempt: 1)]
/// machine.handle(.service(.startServiceACK(attempt: 1, ack, encrypted: false)))  // [.startPlayback(…), …]
/// machine.handle(.hmiLevel(.background))                    // [.stopPlayback, .endService(attempt: 1)]
/// ```
public struct AudioStreamStateMachine: Sendable {
    enum Phase: Hashable, Sendable {
        case stopped
        /// `abandon`: the gate closed before the answer; an ACK is followed by an EndService at once.
        case starting(attempt: Int, abandon: Bool)
        case ready(attempt: Int, AudioStreamDescription)
        /// `announced`: a `started` event was sent, so a `stopped` event follows the answer.
        case shuttingDown(attempt: Int, reason: AudioStreamStopReason, announced: Bool)
    }

    /// The MTU used when a StartServiceACK carries none: the RPC service's, 131 072 on protocol 5 (PS §2.4.1).
    public static let defaultMTU = MTU.v3PlusPayloadLimit

    /// The head unit's PCM format, reported in ``AudioStreamDescription``.
    public let format: PCMFormat
    /// The MTU for an ACK without `mtu`.
    public let fallbackMTU: Int

    private(set) var phase: Phase = .stopped
    private var hmiLevel: HMILevel = .none
    private var isEnabled = true
    private var isClosed = false
    private var waitingForGateReopen = false
    private var attempt = 0
    /// A StartService whose service the session ended (to move it) before its ACK reached us: end it on arrival.
    private var movedBeforeACK: Int?

    /// Creates a stopped machine that waits for an HMI level.
    public init(format: PCMFormat, fallbackMTU: Int = AudioStreamStateMachine.defaultMTU) {
        self.format = format
        self.fallbackMTU = fallbackMTU
    }

    /// The lifecycle state.
    public var state: AudioStreamState {
        switch phase {
        case .stopped: .stopped
        case .starting: .starting
        case .ready: .ready
        case .shuttingDown: .shuttingDown
        }
    }

    /// The open service, while ready.
    public var stream: AudioStreamDescription? {
        if case .ready(_, let description) = phase { return description }
        return nil
    }

    /// Whether the HMI level allows audio: FULL or LIMITED.
    public var hmiAllowsAudio: Bool { hmiLevel == .full || hmiLevel == .limited }

    private var gateIsOpen: Bool { hmiAllowsAudio && isEnabled && !isClosed && !waitingForGateReopen }

    private var closingReason: AudioStreamStopReason {
        if isClosed { return .transportClosed }
        if !isEnabled { return .requested }
        return .hmiLevel(hmiLevel)
    }

    /// Feeds one input and returns what to do, in order.
    @discardableResult
    public mutating func handle(_ input: AudioStreamInput) -> [AudioStreamAction] {
        var actions: [AudioStreamAction] = []
        switch input {
        case .hmiLevel(let level):
            let wasAllowed = hmiAllowsAudio
            hmiLevel = level
            if wasAllowed && !hmiAllowsAudio { waitingForGateReopen = false }
        case .service(.startServiceACK(let number, let ack, _)):
            guard case .starting(number, let abandon) = phase else { return [] }
            let moved = movedBeforeACK == number
            movedBeforeACK = nil
            if abandon || moved || !gateIsOpen {
                phase = .shuttingDown(attempt: number, reason: closingReason, announced: false)
                actions.append(.endService(attempt: number))
            } else {
                let cap = Int64(MTU.hardPayloadCap)
                let negotiated = ack.mtu.map { Int(clamping: max(64, min($0, cap))) } ?? fallbackMTU
                let description = AudioStreamDescription(format: format, mtu: negotiated)
                phase = .ready(attempt: number, description)
                actions += [.startPlayback(description), .emit(.started(description))]
            }
            return actions
        case .service(.startServiceNAK(let number, let nak)):
            guard case .starting(number, _) = phase else { return [] }
            failStart(MediaStreamingError(.serviceRejected(nak), "StartService(audio)"), &actions)
            return actions
        case .service(.startServiceFailed(let number, let error)):
            guard case .starting(number, _) = phase else { return [] }
            failStart(error, &actions)
            return actions
        case .service(.endServiceAnswered(let number)):
            guard case .shuttingDown(number, let reason, let announced) = phase else { return [] }
            phase = .stopped
            if announced { actions.append(.emit(.stopped(reason))) }
        case .service(.headUnitEndedService):
            actions.append(.acknowledgeEndService)
            headUnitEnded(&actions)
        case .service(.serviceMoved):
            serviceMoved(&actions)
        case .service(.transportClosed):
            isClosed = true
            switch phase {
            case .ready:
                actions += [.stopPlayback, .emit(.stopped(.transportClosed))]
            case .shuttingDown(_, _, announced: true):
                actions.append(.emit(.stopped(.transportClosed)))
            case .starting, .shuttingDown, .stopped:
                break
            }
            phase = .stopped
            return actions
        case .disable:
            isEnabled = false
        case .enable:
            isEnabled = true
            waitingForGateReopen = false
        }
        reconcile(&actions)
        return actions
    }

    /// Moves toward what the gate says: start when open and stopped, end when closed and ready.
    private mutating func reconcile(_ actions: inout [AudioStreamAction]) {
        switch phase {
        case .stopped:
            guard gateIsOpen else { return }
            attempt += 1
            phase = .starting(attempt: attempt, abandon: false)
            actions.append(.startService(attempt: attempt))
        case .starting(let number, _):
            phase = .starting(attempt: number, abandon: !gateIsOpen)
        case .ready(let number, _):
            guard !gateIsOpen else { return }
            phase = .shuttingDown(attempt: number, reason: closingReason, announced: true)
            actions += [.stopPlayback, .endService(attempt: number)]
        case .shuttingDown:
            // The answer moves to stopped, and the gate is looked at again then.
            break
        }
    }

    private mutating func failStart(_ error: MediaStreamingError, _ actions: inout [AudioStreamAction]) {
        phase = .stopped
        // Retrying at once would meet the same answer; wait until the HMI closes and reopens the gate.
        if hmiAllowsAudio { waitingForGateReopen = true }
        actions.append(.emit(.error(error)))
    }

    /// The session ended the service to move it to another transport: no refusal, so no latch; the reconcile that
    /// follows starts it again (on the transport the head unit now prefers).
    private mutating func serviceMoved(_ actions: inout [AudioStreamAction]) {
        switch phase {
        case .ready:
            phase = .stopped
            actions += [.stopPlayback, .emit(.stopped(.movingTransport))]
        case .starting(let number, _):
            // The session saw the ACK before the move; ours is still on its way: end that service, then start again.
            movedBeforeACK = number
        case .shuttingDown(_, let reason, let announced):
            phase = .stopped
            if announced { actions.append(.emit(.stopped(reason))) }
        case .stopped:
            break
        }
    }

    private mutating func headUnitEnded(_ actions: inout [AudioStreamAction]) {
        switch phase {
        case .ready:
            phase = .stopped
            if hmiAllowsAudio { waitingForGateReopen = true }
            actions += [.stopPlayback, .emit(.stopped(.headUnitEndedService))]
        case .starting:
            phase = .stopped
            if hmiAllowsAudio { waitingForGateReopen = true }
        case .shuttingDown(_, let reason, let announced):
            // Both sides ended it; our EndService's answer, if it ever comes, finds the machine stopped.
            phase = .stopped
            if announced { actions.append(.emit(.stopped(reason))) }
        case .stopped:
            break
        }
    }
}
