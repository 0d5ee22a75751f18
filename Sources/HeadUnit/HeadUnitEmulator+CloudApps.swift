import Logging
import NIOCore
import SDLRPC
import SDLWebSocket
import SDLWire

extension HeadUnitEmulator {
    /// The cloud apps of the configuration (``HeadUnitConfiguration/cloudApps``) and where each one is.
    public func cloudApps() -> [CloudAppSnapshot] {
        configuration.cloudApps.map { app in
            CloudAppSnapshot(app: app, status: cloudStatuses[app.policyAppID] ?? .notConnected)
        }
    }

    /// Activates a cloud app as the HMI's `SDL.ActivateApp` does in SDL Core: one that is connected and registered
    /// goes to FULL; one that is not connected is dialed at its endpoint (TCP, TLS for `wss://`, the WebSocket
    /// upgrade), retried every ``HeadUnitConfiguration/cloudAppRetryTimeout`` up to
    /// ``HeadUnitConfiguration/cloudAppMaxRetryAttempts`` times, and goes to FULL once it registered. The
    /// ``HeadUnitEvent/cloudApp(_:_:)`` events tell how it went; one being dialed is left alone.
    ///
    /// ```swift
    /// try await headUnit.activateCloudApp("swiftsdl-nav")
    /// ```
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` when no cloud app has this id.
    public func activateCloudApp(_ policyAppID: String) throws(HeadUnitError) {
        guard let entry = configuration.cloudApps.first(where: { $0.policyAppID == policyAppID }) else {
            let known = configuration.cloudApps.map(\.policyAppID).joined(separator: ", ")
            throw HeadUnitError(
                .invalidControl("no cloud app '\(policyAppID)'" + (known.isEmpty ? "" : "; the cloud apps: \(known)")))
        }
        switch cloudStatuses[policyAppID] ?? .notConnected {
        case .dialing:
            return
        case .connected(let app):
            // Registered: activation is a level change. Not yet: its registration activates it.
            if (try? connection(app))?.session.registration != nil { try setHMILevel(.full, for: app) }
        case .notConnected, .unreachable:
            cloudDialers[policyAppID]?.cancel()
            cloudDialers[policyAppID] = Task(executorPreference: threads.taskExecutor) { [self] in
                await dial(entry)
            }
        }
    }

    /// Dials `entry` until it connects or its attempts run out, then serves the connection until it closes.
    private func dial(_ entry: CloudApp) async {
        let id = entry.policyAppID
        let attempts = 1 + max(0, configuration.cloudAppMaxRetryAttempts)
        let tls: WebSocketTLS?
        do {
            tls =
                entry.endpoint.scheme == .wss
                ? try WebSocketTLS.client(
                    WebSocketTLSFiles(trustRoots: entry.certificateAuthority), verifiesHostname: false)
                : nil
        } catch {
            setCloudStatus(id, .unreachable(attempts: 0, reason: "\(error)"))
            emit(.error(HeadUnitError(.webSocket(error))))
            return
        }
        var lastFailure = ""
        for attempt in 1...attempts {
            setCloudStatus(id, .dialing(attempt: attempt))
            do {
                let channel = try await dialOnce(entry, tls: tls)
                let kind: TransportKind = entry.endpoint.scheme == .wss ? .wss : .ws
                await serve(.socket(channel, kind), cloudApp: entry)
                setCloudStatus(id, .notConnected)
                return
            } catch {
                lastFailure = Self.describe(error)
                logger.info(
                    "cloud app dial failed",
                    metadata: ["app": "\(id)", "attempt": "\(attempt)", "why": "\(lastFailure)"])
            }
            guard attempt < attempts else { break }
            do {
                try await clock.sleep(for: configuration.cloudAppRetryTimeout)
            } catch {
                // The emulator stops, or the activation was replaced.
                setCloudStatus(id, .notConnected)
                return
            }
        }
        setCloudStatus(id, .unreachable(attempts: attempts, reason: lastFailure))
    }

    /// One dial, as Core's cloud transport makes it: `Host` without the port, the policy entry's path, the link
    /// pipeline every app connection gets.
    private func dialOnce(_ entry: CloudApp, tls: WebSocketTLS?) async throws(WebSocketDialFailure)
        -> NIOAsyncChannel<SDLFrame, SDLFrame>
    {
        let mtu = Int(configuration.mtu)
        let partialFrameTimeout = configuration.partialFrameTimeout
        let link = linkRate
        let logger = logger
        return try await WebSocketDialer.dial(
            entry.endpoint, hostHeader: entry.endpoint.bracketedHost, tls: tls, serverHostname: nil,
            maximumMessageBytes: Self.webSocketMessageLimit(mtu: mtu),
            connectTimeout: configuration.cloudAppConnectTimeout, options: { $0.linkSocketOptions() }
        ) { channel in
            let watch = partialFrameTimeout.map { PartialFrameTimeout.Watch(timeout: $0, logger: logger) }
            try Self.configureLinkPipeline(channel, maximumPayload: mtu, link: link, partialFrameTimeout: watch)
        }
    }

    private static func describe(_ error: WebSocketDialFailure) -> String {
        switch error {
        case .timedOut(let context): "timed out" + (context.map { ": \($0)" } ?? "")
        case .failed(let why): why
        case .webSocket(let failure): "\(failure)"
        }
    }

    func setCloudStatus(_ id: String, _ status: CloudAppStatus) {
        guard cloudStatuses[id] != status else { return }
        cloudStatuses[id] = status
        emit(.cloudApp(id, status))
    }

    /// Stops dialing, for ``stop()``: the dialers' connections are closed with the others.
    func stopDialingCloudApps() async {
        let dialers = cloudDialers.values
        for dialer in dialers { dialer.cancel() }
        for dialer in dialers { await dialer.value }
    }
}
