import SDLMediaService
import SDLRPC
import SDLWire

/// The video stream lifecycle as a pure value: it takes ``VideoStreamInput``s and returns ``VideoStreamAction``s;
/// ``VideoStreamManager`` executes them. No I/O, no clock, no tasks, so every path is tested without a network.
///
/// **The gate.** A stream may open when all of these hold (docs/streaming.md, "Lifecycle"):
/// - the app registered as NAVIGATION or PROJECTION and the head unit supports video;
/// - the capability question is settled (a capability, or the head unit has none);
/// - the main window's HMI level is FULL or LIMITED and its videoStreamingState is STREAMABLE (absent = STREAMABLE);
/// - the app state is `.active` or `.regainingActive`;
/// - the host did not ``VideoStreamInput/stop`` it, and no failure is waiting for the gate to close and reopen.
///
/// **The lifecycle table** (HMI level × app state) is implemented as: NONE/BACKGROUND or NOT_STREAMABLE close the
/// service; `.background`/`.resigningActive` suspend an open one (the service stays open, "open the app" frames
/// are sent) and do not open a closed one; `.active` resumes with an IDR or opens; `.regainingActive` restarts an
/// open stream (EndService, then StartService) or opens a closed one.
///
/// **No spinning.** After a failure that trying again cannot fix (NAK without reasons, every format refused, no
/// size in range, the head unit's own EndService) the machine stays stopped until the gate closes and opens again
/// (a new activation by the head unit), the capability changes, or the host asks for a ``VideoStreamInput/restart``.
/// Repeated FULL statuses therefore never retry. Core moves an app to NONE after a video NAK and may still ACK a
/// retry that raced that NONE: the machine ends such a service at once.
///
/// ```swift
/// var machine = VideoStreamStateMachine(settings: VideoStreamingSettings())
/// _ = machine.handle(.registered(info))
/// _ = machine.handle(.capability(capability))
/// let actions = machine.handle(.hmiStatus(full))   // [.startService(attempt: 1, …)]
/// ```
public struct VideoStreamStateMachine: Sendable {
    enum Phase: Sendable {
        case stopped
        /// `abandon` is set when the gate closed (or a stop came) before the answer: the service is ended as soon
        /// as it is acknowledged. `restartAfterStart` when the capability changed meanwhile.
        case starting(attempt: Int, VideoNegotiation, abandon: VideoStreamStopReason?, restartAfterStart: Bool)
        case ready(Active)
        case suspended(Active)
        case shuttingDown(attempt: Int, then: AfterShutdown, announced: Bool)
    }

    struct Active: Sendable {
        var description: VideoStreamDescription
        var candidate: VideoStreamCandidate
        var encoder: VideoEncoderConfiguration
    }

    enum AfterShutdown: Sendable, Equatable {
        case stop(VideoStreamStopReason)
        case restart
    }

    /// The app's settings (ranges, data source, frame rates, background frames).
    public var settings: VideoStreamingSettings

    private(set) var phase: Phase = .stopped
    private var headUnit: HeadUnitVideoInfo?
    /// `.some(nil)`: the head unit has no capability; `nil`: not known yet.
    private var capability: VideoStreamingCapability??
    private var hmiLevel: HMILevel = .none
    private var videoStreamingState: VideoStreamingState?
    private var appState: AppState
    private var isEnabled = true
    private var waitingForGateReopen = false
    private var attempt = 0
    private var lastAppCapability: OnAppCapabilityUpdated?
    /// Formats a StartServiceNAK refused (`videoCodec`/`videoProtocol`) during this registration. Core moves the
    /// app to NONE after a video NAK, so the fallback usually happens at the next activation: without this memory
    /// every activation would start with the refused format again, be NAKed and sent back to NONE.
    private var refusedFormats: Set<VideoStreamingFormat> = []
    /// The size before a restart, to tell the app about a resize once the new stream starts.
    private var sizeBeforeRestart: ImageResolution?

    /// Creates a stopped machine; `appState` is the host's state at start (a Linux host is usually `.active`).
    public init(settings: VideoStreamingSettings, appState: AppState = .active) {
        self.settings = settings
        self.appState = appState
    }

    /// The lifecycle state.
    public var state: VideoStreamState {
        switch phase {
        case .stopped: .stopped
        case .starting: .starting
        case .ready: .ready
        case .suspended: .suspended
        case .shuttingDown: .shuttingDown
        }
    }

    /// The stream the head unit accepted, while ready or suspended.
    public var stream: VideoStreamDescription? {
        switch phase {
        case .ready(let active), .suspended(let active): active.description
        default: nil
        }
    }

    /// The encoder configuration of the open stream.
    public var encoderConfiguration: VideoEncoderConfiguration? {
        switch phase {
        case .ready(let active), .suspended(let active): active.encoder
        default: nil
        }
    }

    /// Whether the HMI allows video: main window FULL or LIMITED, and STREAMABLE (absent counts as STREAMABLE).
    public var isHMIStreamable: Bool {
        HMIStatus.allowsVideo(hmiLevel: hmiLevel, videoStreamingState: videoStreamingState ?? .streamable)
    }

    /// Feeds one input and returns what to do, in order.
    public mutating func handle(_ input: VideoStreamInput) -> [VideoStreamAction] {
        var actions: [VideoStreamAction] = []
        switch input {
        case .registered(let info):
            headUnit = info
            refusedFormats = []
            waitingForGateReopen = false
            reconcile(&actions)
        case .capability(let update):
            capabilityChanged(update, &actions)
        case .hmiStatus(let status):
            guard status.isMainWindow else { return [] }
            let wasOpen = isHMIStreamable
            hmiLevel = status.hmiLevel
            videoStreamingState = status.videoStreamingState
            if wasOpen && !isHMIStreamable { waitingForGateReopen = false }
            reconcile(&actions)
        case .appState(let newState):
            appStateChanged(newState, &actions)
        case .service(.startServiceACK(let number, let ack, let encrypted)):
            startAccepted(number, ack, encrypted: encrypted, &actions)
        case .service(.startServiceNAK(let number, let nak)):
            startRejected(number, nak, &actions)
        case .service(.startServiceFailed(let number, let error)):
            guard case .starting(number, _, _, _) = phase else { return [] }
            phase = .stopped
            fail(error, &actions)
        case .service(.endServiceAnswered(let number)):
            guard case .shuttingDown(number, let then, let announced) = phase else { return [] }
            finishShutdown(then: then, announced: announced, &actions)
        case .service(.headUnitEndedService):
            headUnitEnded(&actions)
        case .service(.serviceMoved):
            serviceMoved(&actions)
        case .service(.transportClosed):
            transportClosed(&actions)
        case .encoderFailed(let error):
            switch phase {
            case .ready, .suspended: shutDown(then: .stop(.failed(error)), announced: true, &actions)
            default: break
            }
            report(error, &actions)
            latchUntilGateReopens()
        case .stop:
            isEnabled = false
            close(reason: .requested, &actions)
        case .restart:
            isEnabled = true
            waitingForGateReopen = false
            switch phase {
            case .ready, .suspended: shutDown(then: .restart, announced: true, &actions)
            case .starting(let number, let negotiation, nil, _):
                phase = .starting(attempt: number, negotiation, abandon: nil, restartAfterStart: true)
            case .shuttingDown(let number, .stop, let announced):
                phase = .shuttingDown(attempt: number, then: .restart, announced: announced)
            default: reconcile(&actions)
            }
        }
        return actions
    }

    // MARK: - Gate

    private var capabilitySettled: Bool { capability != nil }

    /// Everything but the app state and the failure latch.
    private var mayStreamIgnoringApp: Bool {
        isEnabled && headUnit != nil && capabilitySettled && isHMIStreamable
    }

    private mutating func reconcile(_ actions: inout [VideoStreamAction]) {
        switch phase {
        case .stopped:
            if mayStreamIgnoringApp && appState.mayOpenStream && !waitingForGateReopen { begin(&actions) }
        case .starting(let number, let negotiation, nil, let restart) where !isHMIStreamable || !isEnabled:
            phase = .starting(
                attempt: number, negotiation, abandon: isEnabled ? .notStreamable : .requested,
                restartAfterStart: restart)
        case .starting:
            break
        case .ready(let active):
            if !isHMIStreamable {
                shutDown(then: .stop(.notStreamable), announced: true, &actions)
            } else if !appState.mayOpenStream {
                suspend(active, &actions)
            }
        case .suspended(let active):
            if !isHMIStreamable {
                shutDown(then: .stop(.notStreamable), announced: true, &actions)
            } else if appState.mayOpenStream {
                phase = .ready(active)
                actions.append(.requestKeyFrame)
                actions.append(.emit(.resumed))
            }
        case .shuttingDown(let number, .restart, let announced) where !isHMIStreamable:
            phase = .shuttingDown(attempt: number, then: .stop(.notStreamable), announced: announced)
        case .shuttingDown:
            break
        }
    }

    private mutating func begin(_ actions: inout [VideoStreamAction]) {
        guard let headUnit, let capability else { return }
        guard headUnit.isProjectionApp else {
            fail(MediaStreamingError(.notProjectionApp, "register with appHMIType NAVIGATION or PROJECTION"), &actions)
            return
        }
        guard headUnit.isVideoSupported else {
            fail(MediaStreamingError(.videoStreamingNotSupported, "hmiCapabilities.videoStreaming is false"), &actions)
            return
        }
        var negotiation: VideoNegotiation
        do {
            negotiation = try VideoNegotiation(capability: capability, headUnit: headUnit, settings: settings)
        } catch {
            fail(error, &actions)
            return
        }
        negotiation.avoid(refusedFormats)
        if let update = negotiation.appCapability(for: capability), update != lastAppCapability {
            lastAppCapability = update
            actions.append(.sendAppCapability(update))
        }
        attempt += 1
        phase = .starting(attempt: attempt, negotiation, abandon: nil, restartAfterStart: false)
        actions.append(.startService(attempt: attempt, negotiation.request))
    }

    // MARK: - Service answers

    private mutating func startAccepted(
        _ number: Int,
        _ ack: MediaStartServiceACK,
        encrypted: Bool,
        _ actions: inout [VideoStreamAction]
    ) {
        guard case .starting(number, let negotiation, let abandon, let restart) = phase else { return }
        if let abandon {
            // Core ACKs a retry that raced its NONE (core-8.2-nak-fallback.jsonl): end it without ever announcing it.
            shutDown(then: .stop(abandon), announced: false, &actions)
            return
        }
        if restart {
            shutDown(then: .restart, announced: false, &actions)
            return
        }
        switch negotiation.accept(ack, encrypted: encrypted) {
        case .failure(let error):
            shutDown(then: .stop(.failed(error)), announced: false, &actions)
            report(error, &actions)
            latchUntilGateReopens()
        case .success(let (description, candidate)):
            let encoder = VideoEncoderConfiguration(
                candidate: candidate, format: description.format, settings: settings)
            let active = Active(description: description, candidate: candidate, encoder: encoder)
            actions.append(.createEncoder(encoder))
            actions.append(.emit(.started(description)))
            if let previous = sizeBeforeRestart, previous != description.size {
                actions.append(.emit(.resized(description.size)))
            }
            sizeBeforeRestart = nil
            if appState.mayOpenStream {
                phase = .ready(active)
            } else {
                suspend(active, &actions)
            }
        }
    }

    private mutating func startRejected(_ number: Int, _ nak: ServiceNAK, _ actions: inout [VideoStreamAction]) {
        guard case .starting(number, var negotiation, let abandon, _) = phase else { return }
        let names = nak.rejectedParams ?? []
        if names.contains("videoCodec") || names.contains("videoProtocol") { refusedFormats.insert(negotiation.format) }
        if abandon != nil {
            phase = .stopped
            reconcile(&actions)
            return
        }
        switch negotiation.rejected(by: nak) {
        case .success(let request):
            attempt += 1
            phase = .starting(attempt: attempt, negotiation, abandon: nil, restartAfterStart: false)
            actions.append(.startService(attempt: attempt, request))
        case .failure(let error):
            phase = .stopped
            fail(error, &actions)
        }
    }

    private mutating func finishShutdown(
        then: AfterShutdown,
        announced: Bool,
        _ actions: inout [VideoStreamAction]
    ) {
        phase = .stopped
        if announced {
            actions.append(.destroyEncoder)
        }
        switch then {
        case .stop(let reason):
            if announced { actions.append(.emit(.stopped(reason))) }
        case .restart:
            if announced { actions.append(.emit(.stopped(.restarting))) }
        }
        reconcile(&actions)
    }

    // MARK: - Facts

    private mutating func appStateChanged(_ newState: AppState, _ actions: inout [VideoStreamAction]) {
        let old = appState
        appState = newState
        guard old != newState else { return }
        if old.mayOpenStream && !newState.mayOpenStream {
            actions.append(.emit(.touchesCancelled))
        }
        waitingForGateReopen = false
        if newState.shouldCloseStream && isHMIStreamable {
            switch phase {
            case .ready, .suspended:
                shutDown(then: .restart, announced: true, &actions)
                return
            default: break
            }
        }
        reconcile(&actions)
    }

    private mutating func capabilityChanged(_ update: VideoStreamingCapability?, _ actions: inout [VideoStreamAction]) {
        let merged: VideoStreamingCapability?
        switch (capability, update) {
        case (.some(.some(let current)), var update?):
            // A zero or absurd size in an update is a head-unit bug: keep streaming at the size we have.
            if update.preferredResolution?.isWithinSpec == false { update.preferredResolution = nil }
            merged = current.merging(update)
        case (.some(.some(let current)), nil): merged = current  // iOS ignores a nil update; so do we
        case (_, let update): merged = update
        }
        let changed = capability.map { $0 != merged } ?? true
        capability = .some(merged)
        guard changed else { return }
        waitingForGateReopen = false
        switch phase {
        case .stopped:
            reconcile(&actions)
        case .starting(let number, let negotiation, let abandon, _):
            phase = .starting(attempt: number, negotiation, abandon: abandon, restartAfterStart: true)
        case .ready(let active), .suspended(let active):
            restartIfNeeded(for: active, &actions)
        case .shuttingDown:
            break  // the next start reads the new capability
        }
    }

    /// A new capability while streaming: a new size restarts the service; new rates only rebuild the encoder; a
    /// capability the app cannot stream at all ends the stream with an error.
    private mutating func restartIfNeeded(for active: Active, _ actions: inout [VideoStreamAction]) {
        guard let headUnit, let capability else { return }
        let negotiation: VideoNegotiation
        do {
            negotiation = try VideoNegotiation(capability: capability, headUnit: headUnit, settings: settings)
        } catch {
            shutDown(then: .stop(.failed(error)), announced: true, &actions)
            report(error, &actions)
            latchUntilGateReopens()
            return
        }
        let sameSize =
            negotiation.candidate.streamSize == active.description.size
            && negotiation.candidate.scale == active.description.scale
        guard sameSize, negotiation.formats.contains(active.description.format) else {
            sizeBeforeRestart = active.description.size
            shutDown(then: .restart, announced: true, &actions)
            return
        }
        let encoder = VideoEncoderConfiguration(
            candidate: negotiation.candidate, format: active.description.format, settings: settings)
        guard encoder != active.encoder else { return }
        var updated = active
        updated.encoder = encoder
        updated.candidate = negotiation.candidate
        phase = state == .ready ? .ready(updated) : .suspended(updated)
        actions.append(.createEncoder(encoder))
    }

    private mutating func headUnitEnded(_ actions: inout [VideoStreamAction]) {
        actions.append(.acknowledgeEndService)
        switch phase {
        case .stopped:
            return
        case .starting:
            phase = .stopped
        case .ready, .suspended:
            phase = .stopped
            actions.append(.destroyEncoder)
            actions.append(.emit(.stopped(.headUnitEndedService)))
        case .shuttingDown(_, let then, let announced):
            // Both sides ended at once (Core does this on NONE): our own EndService's answer may still come and is
            // ignored by its attempt number.
            finishShutdown(then: then, announced: announced, &actions)
            return
        }
        latchUntilGateReopens()
    }

    /// The session ended the service to move it to another transport. Unlike the head unit's own EndService this is
    /// no refusal: start again at once (a new encoder, so the new stream opens with an IDR). A suspended stream
    /// stays closed until the app is active again, as any closed stream in the background does.
    private mutating func serviceMoved(_ actions: inout [VideoStreamAction]) {
        switch phase {
        case .stopped:
            return
        case .starting(let number, let negotiation, let abandon, _):
            // The session saw the ACK before the move, and the ACK is still on its way here: end that service when
            // it arrives and start again.
            phase = .starting(attempt: number, negotiation, abandon: abandon, restartAfterStart: true)
        case .ready(let active), .suspended(let active):
            phase = .stopped
            sizeBeforeRestart = active.description.size
            actions.append(.destroyEncoder)
            actions.append(.emit(.stopped(.restarting)))
            reconcile(&actions)
        case .shuttingDown(_, let then, let announced):
            finishShutdown(then: then, announced: announced, &actions)
        }
    }

    private mutating func transportClosed(_ actions: inout [VideoStreamAction]) {
        switch phase {
        case .ready, .suspended:
            actions.append(.destroyEncoder)
            actions.append(.emit(.stopped(.transportClosed)))
        case .shuttingDown(_, _, true):
            actions.append(.destroyEncoder)
            actions.append(.emit(.stopped(.transportClosed)))
        default:
            break
        }
        phase = .stopped
        // A new connection registers again and gets a new HMI status and capability.
        headUnit = nil
        refusedFormats = []
        capability = nil
        hmiLevel = .none
        videoStreamingState = nil
        lastAppCapability = nil
        sizeBeforeRestart = nil
    }

    // MARK: - Helpers

    private mutating func close(reason: VideoStreamStopReason, _ actions: inout [VideoStreamAction]) {
        switch phase {
        case .ready, .suspended:
            shutDown(then: .stop(reason), announced: true, &actions)
        case .starting(let number, let negotiation, _, _):
            phase = .starting(attempt: number, negotiation, abandon: reason, restartAfterStart: false)
        case .shuttingDown(let number, _, let announced):
            phase = .shuttingDown(attempt: number, then: .stop(reason), announced: announced)
        case .stopped:
            break
        }
    }

    private mutating func shutDown(then: AfterShutdown, announced: Bool, _ actions: inout [VideoStreamAction]) {
        attempt += 1
        phase = .shuttingDown(attempt: attempt, then: then, announced: announced)
        actions.append(.endService(attempt: attempt))
    }

    private mutating func suspend(_ active: Active, _ actions: inout [VideoStreamAction]) {
        phase = .suspended(active)
        if settings.backgroundFrames.isEnabled && settings.backgroundFrames.count > 0 {
            actions.append(.sendBackgroundFrames(settings.backgroundFrames, frameRate: active.encoder.frameRate))
        }
        actions.append(.emit(.suspended))
    }

    /// A failure that trying again will not fix: report it and wait for the gate to close and reopen.
    /// Stays stopped until the HMI closes and reopens the gate. Only while the gate is open: the latch is cleared when
    /// the gate closes, so one set while it is already closed (the head unit's EndService overtaking our own NONE,
    /// a NAK answered after it) would outlive the next activation and the stream would never start again.
    private mutating func latchUntilGateReopens() {
        if isHMIStreamable { waitingForGateReopen = true }
    }

    private mutating func fail(_ error: MediaStreamingError, _ actions: inout [VideoStreamAction]) {
        report(error, &actions)
        latchUntilGateReopens()
    }

    private mutating func report(_ error: MediaStreamingError, _ actions: inout [VideoStreamAction]) {
        actions.append(.emit(.error(error)))
    }
}
