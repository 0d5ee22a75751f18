public import NIOCore

extension HandshakeStateMachine {
    /// Starts the handshake and runs the engine for it right away: the composed form of ``start(now:)`` for owners
    /// that hold the ``SecurityManager`` themselves.
    ///
    /// ```swift
    /// var machine = HandshakeStateMachine<ContinuousClock.Instant>(role: .headUnit, timeout: .seconds(10))
    /// for action in machine.start(now: .now, using: manager) { ... }   // [.send(Request with the ClientHello)]
    /// ```
    ///
    /// - Returns: the actions left for the owner; never `.runHandshake`.
    public mutating func start(now: Instant, using manager: any SecurityManager) -> [HandshakeAction] {
        run(start(now: now), now: now, using: manager)
    }

    /// Handles a control-service security query and runs the engine for it: the composed form of
    /// ``receive(_:now:)``.
    ///
    /// - Returns: the actions left for the owner; never `.runHandshake`.
    public mutating func receive(
        _ payload: ByteBuffer,
        now: Instant,
        using manager: any SecurityManager
    ) -> [HandshakeAction] {
        run(receive(payload, now: now), now: now, using: manager)
    }

    private mutating func run(
        _ actions: [HandshakeAction],
        now: Instant,
        using manager: any SecurityManager
    ) -> [HandshakeAction] {
        var remaining: [HandshakeAction] = []
        for action in actions {
            if case .runHandshake(let bytes) = action {
                remaining += handshakeStepped(manager.processHandshake(bytes), now: now)
            } else {
                remaining.append(action)
            }
        }
        return remaining
    }
}
