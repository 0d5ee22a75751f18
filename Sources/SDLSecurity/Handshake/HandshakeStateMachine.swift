public import NIOCore
import SDLWire

/// The TLS handshake as SDL carries it in security queries on the control service (PS §5.1.1, §7), for
/// either end. A pure value: inputs go in, ``HandshakeAction``s come out, and the owner runs the TLS engine, sends
/// frames and keeps the timer.
///
/// ```
///  head unit (TLS client)                                   app (TLS server)
///   start ─ runHandshake([]) ─ ClientHello
///   Request  0x00 | 0x000001 | seq n | 0 | ClientHello  ──►  accepts Request, or Notification (Core < 8.0)
///                                                            runHandshake(ClientHello)
///            ◄──  Response 0x10 | 0x000001 | seq n | 0 | ServerHello …
///   … until the engine reports complete on each side; either side may send
///   Notification 0x20 | 0x000002 | seq | JSON {"id", "text"} | code byte   on failure
/// ```
///
/// **Sequence number.** The app's Response echoes the Request's sequence number. The spec says the replier uses the
/// same value (PS §5.1.1); sdl_java copies it, sdl_ios sends 0 (the libraries disagree). Echoing follows the spec and
/// equals sdl_ios's behaviour whenever the head unit itself sends 0. The head unit numbers its Requests from 1 and
/// accepts any sequence number in Responses, so apps that send 0 still work with the emulator.
///
/// **Deadline.** A peer that stops answering must not leave the handshake hanging. While the machine waits for the
/// peer, ``deadline`` is `timeout` after the last handshake input (or after ``start(now:)``); the owner arms a timer
/// for it and calls ``deadlineReached(now:)``, which fails the handshake with `.handshakeTimedOut` once the deadline
/// has passed. The machine is generic over the clock's instant so tests drive it with plain instants, no sleeping.
///
/// ```swift
/// var machine = HandshakeStateMachine<ContinuousClock.Instant>(role: .app, timeout: .seconds(10))
/// machine.start(now: .now)                 // the app sent StartService with E = 1
/// let actions = machine.receive(controlPayload, now: .now)   // [.runHandshake(clientHello)]
/// ```
public struct HandshakeStateMachine<Instant: InstantProtocol>: Sendable {
    private enum State: Sendable {
        /// Nothing has happened yet.
        case idle
        /// Waiting for the peer's next handshake query.
        case waiting(deadline: Instant)
        /// The owner is running the engine; its step answers with `replySequence`.
        case engineRunning(replySequence: UInt32, wasComplete: Bool)
        case complete
        case failed(SecurityError)
    }

    /// Which end this machine drives.
    public let role: SecurityRole
    /// How long to wait for the peer's next handshake query.
    public let timeout: Instant.Duration
    private var state: State = .idle
    /// The head unit's next Request sequence number.
    private var nextSequence: UInt32 = 1

    /// - Parameters:
    ///   - role: `.app` answers Requests with Responses; `.headUnit` starts with a Request.
    ///   - timeout: the longest wait for the peer's next handshake query before the handshake fails.
    public init(role: SecurityRole, timeout: Instant.Duration) {
        self.role = role
        self.timeout = timeout
    }

    /// The instant by which the peer must send its next handshake query; `nil` when not waiting for the peer.
    public var deadline: Instant? {
        if case .waiting(let deadline) = state { return deadline }
        return nil
    }

    /// Whether the handshake has completed (and not failed since).
    public var isComplete: Bool {
        if case .complete = state { return true }
        return false
    }

    /// The failure, once the handshake has failed.
    public var failure: SecurityError? {
        if case .failed(let error) = state { return error }
        return nil
    }

    /// Starts the handshake. The app calls it when it sends a StartService with E = 1 and then waits for the head
    /// unit; the head unit gets `.runHandshake([])` to produce its ClientHello. A second call does nothing.
    public mutating func start(now: Instant) -> [HandshakeAction] {
        guard case .idle = state else { return [] }
        switch role {
        case .app:
            state = .waiting(deadline: now.advanced(by: timeout))
            return []
        case .headUnit:
            state = .engineRunning(replySequence: takeSequence(), wasComplete: false)
            return [.runHandshake([])]
        }
    }

    /// Handles the payload of a Single frame that arrived on the control service with a security query in it.
    ///
    /// Handshake data accepted: Request or Notification (SDL Core before 8.0) by the app, Response by the head unit.
    /// A SendInternalError notification fails the handshake with `.peerReportedError`. Anything else is refused
    /// with `.rejected` and answered with an internal error (INVALID_QUERY_SIZE or INVALID_QUERY_ID). After a
    /// failure every input is ignored: the peer's own alerts and notifications follow ours.
    public mutating func receive(_ payload: ByteBuffer, now: Instant) -> [HandshakeAction] {
        if case .failed = state { return [] }
        let query: SecurityQuery
        do {
            query = try SecurityQuery(decoding: payload)
        } catch {
            return reject(SecurityError(.malformedQuery(error.description)), sequenceNumber: 0)
        }
        switch (query.queryID, query.type) {
        case (.sendInternalError, _):
            let error: SecurityError
            do {
                let notification = try SecurityInternalError(query)
                error = SecurityError(.peerReportedError(notification.code, text: notification.text))
            } catch {
                return reject(error, sequenceNumber: query.sequenceNumber)
            }
            state = .failed(error)
            return [.failed(error)]
        case (.sendHandshakeData, let type) where acceptsHandshakeData(of: type):
            return handshakeData(query, now: now)
        default:
            return reject(
                SecurityError(.unexpectedQuery(type: query.type, id: query.queryID), context: "as the \(role)"),
                sequenceNumber: query.sequenceNumber
            )
        }
    }

    /// Takes the engine's answer to the last `.runHandshake`: sends its output, then reports completion or failure.
    /// On failure the peer also gets a SendInternalError with the error's code after the engine's output (which may
    /// be a TLS alert saying the same thing).
    ///
    /// - Precondition: the last action asked for `.runHandshake` and no step has been given for it yet.
    public mutating func handshakeStepped(_ step: HandshakeStep, now: Instant) -> [HandshakeAction] {
        guard case .engineRunning(let sequence, let wasComplete) = state else {
            preconditionFailure("handshakeStepped(_:now:) without a pending .runHandshake (state \(state))")
        }
        var actions: [HandshakeAction] = []
        if !step.output.isEmpty {
            actions.append(.send(handshakeQuery(sequenceNumber: sequence, binary: step.output)))
        }
        switch step.state {
        case .inProgress:
            state = wasComplete ? .complete : .waiting(deadline: now.advanced(by: timeout))
        case .complete:
            state = .complete
            if !wasComplete { actions.append(.completed) }
        case .failed(let error):
            state = .failed(error)
            actions.append(.send(SecurityInternalError(code: error.code).query(sequenceNumber: sequence)))
            actions.append(.failed(error))
        }
        return actions
    }

    /// The owner's timer for ``deadline`` fired. Fails the handshake with `.handshakeTimedOut` (HANDSHAKE_FAILED,
    /// also sent to the peer) if the deadline has passed; does nothing for a stale timer.
    public mutating func deadlineReached(now: Instant) -> [HandshakeAction] {
        guard case .waiting(let deadline) = state, now >= deadline else { return [] }
        let error = SecurityError(.handshakeTimedOut, context: "waited \(timeout) as the \(role)")
        state = .failed(error)
        let sequence = role == .headUnit ? takeSequence() : 0
        return [.send(SecurityInternalError(code: error.code).query(sequenceNumber: sequence)), .failed(error)]
    }

    /// Fails the handshake for a reason the owner found itself, such as a certificate the TLS engine accepted but
    /// the head unit's own rules refuse (SDL Core's "App ID does not match certificate"). The peer gets a
    /// SendInternalError with the error's code and `text`; a failed machine stays failed and returns nothing.
    ///
    /// ```swift
    /// let actions = machine.fail(SecurityError(.invalidCertificate), text: "App ID does not match certificate")
    /// // [.send(SendInternalError INVALID_CERT), .failed(error)]
    /// ```
    public mutating func fail(_ error: SecurityError, text: String? = nil) -> [HandshakeAction] {
        if case .failed = state { return [] }
        state = .failed(error)
        let sequence = role == .headUnit ? takeSequence() : 0
        return [
            .send(SecurityInternalError(code: error.code, text: text).query(sequenceNumber: sequence)), .failed(error),
        ]
    }

    private func acceptsHandshakeData(of type: SecurityQuery.QueryType) -> Bool {
        switch role {
        // sdl_ios refuses only Response-typed handshake data; Core before 8.0 sent Notifications (PS §5.1.1.3.1).
        case .app: type == .request || type == .notification
        case .headUnit: type == .response
        }
    }

    private mutating func handshakeData(_ query: SecurityQuery, now: Instant) -> [HandshakeAction] {
        let wasComplete: Bool
        switch state {
        case .idle, .waiting: wasComplete = false
        case .complete: wasComplete = true
        case .engineRunning:
            preconditionFailure("receive(_:now:) while a .runHandshake is pending; give its step first")
        case .failed: return []
        }
        let reply = role == .app ? query.sequenceNumber : takeSequence()
        state = .engineRunning(replySequence: reply, wasComplete: wasComplete)
        return [.runHandshake(query.binary)]
    }

    private func handshakeQuery(sequenceNumber: UInt32, binary: [UInt8]) -> SecurityQuery {
        SecurityQuery(
            type: role == .app ? .response : .request,
            queryID: .sendHandshakeData,
            sequenceNumber: sequenceNumber,
            binary: binary
        )
    }

    private mutating func reject(_ error: SecurityError, sequenceNumber: UInt32) -> [HandshakeAction] {
        [.send(SecurityInternalError(code: error.code).query(sequenceNumber: sequenceNumber)), .rejected(error)]
    }

    private mutating func takeSequence() -> UInt32 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }
}
