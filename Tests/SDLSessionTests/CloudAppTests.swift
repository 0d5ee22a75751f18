import CarWindowTestingTools
import Foundation
import HeadUnit
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The cloud-app direction: the app listens (`WebSocketServerTransport`), the emulator dials it when it is activated
/// (`--cloud-app`, `activate ID`), as SDL Core dials a cloud app's policy endpoint. The token, the app id check,
/// Core's retries, a reconnect, a stop while waiting and `wss://`. The suite's time limit only catches a hang.
@Suite("Cloud apps: the head unit dials the app", .timeLimit(.minutes(3)))
struct CloudAppTests {
    @Test("activation dials the app: it gets the auth token, registers over ws and goes to FULL")
    func dialedAppRegisters() async throws {
        try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) { server in
            #expect(server.kind == .ws)
            let entry = "swiftsdl-nav=ws://127.0.0.1:\(server.port),auth=fleet-7"
            try await Self.withHeadUnit(cloudApp: entry) { headUnit in
                let events = await headUnit.events()
                let session = SDLSession(configuration: .test(), transport: server)
                async let started: Void = session.start()
                try await headUnit.activateCloudApp("swiftsdl-nav")
                try await started
                let parameters = await session.parameters
                #expect(parameters?.authToken == CloudAuthToken("fleet-7"))
                // A secret: printing the parameters shows only that there is one.
                #expect(!String(describing: parameters).contains("fleet-7"))
                try await firstElement(of: events, "the app in FULL", within: .seconds(30)) { event in
                    guard case .hmiChanged(_, let status) = event else { return false }
                    return status.hmiLevel == .full
                }
                let snapshot = try #require(await headUnit.apps().first)
                #expect(snapshot.transport == .ws)
                #expect(await headUnit.cloudApps().first?.status == .connected(snapshot.app))
                try await session.stop()
            }
        }
    }

    @Test("a protocol 5.1 head unit sends no token, as Core sends it from 5.2 on")
    func noTokenBeforeProtocol52() async throws {
        try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) { server in
            try await Self.withHeadUnit(
                cloudApp: "swiftsdl-nav=ws://127.0.0.1:\(server.port),auth=fleet-7",
                configure: { $0.protocolVersion = ProtocolVersion(5, 1, 0) }
            ) { headUnit in
                let session = SDLSession(configuration: .test(), transport: server)
                async let started: Void = session.start()
                try await headUnit.activateCloudApp("swiftsdl-nav")
                try await started
                #expect(await session.parameters?.protocolVersion == ProtocolVersion(5, 1, 0))
                #expect(await session.parameters?.authToken == nil)
                try await session.stop()
            }
        }
    }

    @Test("another app id on a cloud app's connection is DISALLOWED with Core's info")
    func wrongAppIDRefused() async throws {
        try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) { server in
            try await Self.withHeadUnit(cloudApp: "some-other-app=ws://127.0.0.1:\(server.port)") { headUnit in
                let session = SDLSession(configuration: .test(), transport: server)
                let started = Task { try await session.start() }
                try await headUnit.activateCloudApp("some-other-app")
                await #expect {
                    try await started.value
                } throws: { error in
                    guard let error = error as? SDLSessionError,
                        case .registrationFailed(let code, let info) = error.kind
                    else { return false }
                    return code == .disallowed && info == "Cloud app registered with incorrect app id"
                }
            }
        }
    }

    @Test("an endpoint nobody listens on is tried once and retried N times, then reported unreachable")
    func unreachableAfterRetries() async throws {
        // A port that was free a moment ago: connections to it are refused at once.
        let port = try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) {
            $0.port
        }
        try await Self.withHeadUnit(
            cloudApp: "swiftsdl-nav=ws://127.0.0.1:\(port)",
            configure: {
                $0.cloudAppMaxRetryAttempts = 2
                $0.cloudAppRetryTimeout = .milliseconds(20)
            }
        ) { headUnit in
            let statuses = try await Self.activateUntilUnreachable(headUnit)
            #expect(statuses.prefix(3) == [.dialing(attempt: 1), .dialing(attempt: 2), .dialing(attempt: 3)])
            guard case .unreachable(let attempts, let reason) = statuses.last else {
                Issue.record("no unreachable status: \(statuses)")
                return
            }
            #expect(attempts == 3)
            #expect(!reason.isEmpty)
        }
    }

    @Test("a cloud app whose server refuses the upgrade is retried as Core retries, then unreachable with the status")
    func refusedUpgrade() async throws {
        // An HTTP server, not a WebSocket one: every upgrade is answered 403 Forbidden.
        try await WebSocketTransportTests.withPeer(.refuse) { port in
            try await Self.withHeadUnit(
                cloudApp: "swiftsdl-nav=ws://127.0.0.1:\(port)",
                configure: {
                    $0.cloudAppMaxRetryAttempts = 1
                    $0.cloudAppRetryTimeout = .milliseconds(20)
                }
            ) { headUnit in
                let statuses = try await Self.activateUntilUnreachable(headUnit)
                #expect(statuses.prefix(2) == [.dialing(attempt: 1), .dialing(attempt: 2)])
                guard case .unreachable(let attempts, let reason) = statuses.last else {
                    Issue.record("no unreachable status: \(statuses)")
                    return
                }
                #expect(attempts == 2)
                #expect(reason.contains("refused the WebSocket upgrade (HTTP 403)"), "\(reason)")
                #expect(await headUnit.apps().isEmpty, "no app came in on a refused upgrade")
                // Activating again dials again: a refusal does not disable the entry.
                let later = await headUnit.events()
                try await headUnit.activateCloudApp("swiftsdl-nav")
                try await firstElement(of: later, "the second activation's dial", within: .seconds(30)) { event in
                    guard case .cloudApp(_, .dialing(attempt: 1)) = event else { return false }
                    return true
                }
            }
        }
    }

    @Test("after a dropped connection the server transport serves the head unit's next call")
    func nextCallAfterDisconnect() async throws {
        try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) { server in
            try await Self.withHeadUnit(cloudApp: "swiftsdl-nav=ws://127.0.0.1:\(server.port)") { headUnit in
                for round in 1...2 {
                    let session = SDLSession(configuration: .test(), transport: server)
                    async let started: Void = session.start()
                    try await headUnit.activateCloudApp("swiftsdl-nav")
                    try await started
                    let app = try #require(await headUnit.apps().first { $0.appName != nil }?.app, "round \(round)")
                    let states = await session.connectionStateUpdates()
                    let events = await headUnit.events()
                    try await headUnit.dropConnection(app)
                    try await firstElement(of: states, "round \(round): the session closed", within: .seconds(30)) {
                        if case .closed = $0 { return true }
                        return false
                    }
                    // The emulator sees the link end and lists the cloud app as not connected again.
                    try await firstElement(of: events, "round \(round): not connected", within: .seconds(30)) { event in
                        guard case .cloudApp(_, .notConnected) = event else { return false }
                        return true
                    }
                    #expect(await headUnit.cloudApps().first?.status == .notConnected)
                }
            }
        }
    }

    @Test("stop() while the server waits for a head unit ends the wait; start() throws")
    func stopWhileWaiting() async throws {
        try await WebSocketServerTransport.listen(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0")) { server in
            let session = SDLSession(configuration: .test(), transport: server)
            let states = await session.connectionStateUpdates()
            let start = Task { try await session.start() }
            // No head unit ever dials; stopping must not wait for one.
            try await firstElement(of: states, "connecting", within: .seconds(30)) {
                if case .connecting = $0 { return true }
                return false
            }
            try await session.stop()
            await #expect(throws: (any Error).self) { try await start.value }
        }
    }

    @Test("wss: the head unit checks the app's certificate against the entry's CA, and refuses another CA's")
    func secureCloudApp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-cloud-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = try await WebSocketTLSMaterial.make(in: directory)
        let configuration = WebSocketServerTransport.Configuration(
            tls: WebSocketTLSFiles(certificate: files.headUnit.path, privateKey: files.headUnitKey.path))
        let url = try WebSocketURL(listeningAt: "wss://127.0.0.1:0")
        try await WebSocketServerTransport.listen(on: url, configuration: configuration) { server in
            #expect(server.kind == .wss)
            let endpoint = "wss://127.0.0.1:\(server.port)"
            try await Self.withHeadUnit(cloudApp: "swiftsdl-nav=\(endpoint),auth=t,ca=\(files.ca.path)") { headUnit in
                let session = SDLSession(configuration: .test(), transport: server)
                async let started: Void = session.start()
                try await headUnit.activateCloudApp("swiftsdl-nav")
                try await started
                #expect(await session.parameters?.authToken?.value == "t")
                #expect(await headUnit.apps().first?.transport == .wss)
                try await session.stop()
            }
            // The entry's CA did not sign the app's certificate: every attempt fails TLS, none registers.
            try await Self.withHeadUnit(
                cloudApp: "swiftsdl-nav=\(endpoint),ca=\(files.otherCA.path)",
                configure: { $0.cloudAppMaxRetryAttempts = 0 }
            ) { headUnit in
                let events = await headUnit.events()
                try await headUnit.activateCloudApp("swiftsdl-nav")
                let unreachable = try await firstElement(of: events, "TLS refused", within: .seconds(30)) { event in
                    guard case .cloudApp(_, .unreachable) = event else { return false }
                    return true
                }
                #expect("\(unreachable)".contains("TLS"), "\(unreachable)")
                #expect(await headUnit.apps().isEmpty)
            }
        }
    }

    @Test(
        "--cloud-app entries parse, bad ones say what to write",
        arguments: [
            ("a=ws://127.0.0.1:8080", "a=ws://127.0.0.1:8080"),
            ("nav=ws://h:1/sdl?x=1,auth=tok", "nav=ws://h:1/sdl?x=1,auth=..."),
            ("nav=wss://h:443,ca=/tmp/ca.pem", "nav=wss://h:443,ca=/tmp/ca.pem"),
        ])
    func parses(text: String, written: String) throws {
        #expect(try CloudApp(parsing: text).description == written)
    }

    @Test(
        "malformed --cloud-app entries are refused",
        arguments: [
            "ws://h:1", "=ws://h:1", "a b=ws://h:1", "a=ws://h", "a=http://h:1", "a=ws://h:1,token=x",
            "a=wss://h:443",
        ])
    func refuses(text: String) {
        #expect(throws: HeadUnitError.self) { try CloudApp(parsing: text) }
    }

    @Test("activating an unknown cloud app names the known ones")
    func unknownCloudApp() async throws {
        try await Self.withHeadUnit(cloudApp: "swiftsdl-nav=ws://127.0.0.1:9") { headUnit in
            await #expect {
                try await headUnit.activateCloudApp("nope")
            } throws: { error in
                "\(error)".contains("no cloud app 'nope'") && "\(error)".contains("swiftsdl-nav")
            }
            let listed = try await ConsoleCommand(parsing: "cloud").apply(to: headUnit)
            #expect(listed.contains("not connected"), "\(listed)")
        }
    }

    /// Activates the cloud app `swiftsdl-nav` and collects its statuses until the head unit gives up on it (the
    /// suite's time limit catches one that never does).
    static func activateUntilUnreachable(_ headUnit: HeadUnitEmulator) async throws -> [CloudAppStatus] {
        let events = await headUnit.events()
        try await headUnit.activateCloudApp("swiftsdl-nav")
        var statuses: [CloudAppStatus] = []
        for await event in events {
            guard case .cloudApp(_, let status) = event else { continue }
            statuses.append(status)
            if case .unreachable = status { break }
        }
        return statuses
    }

    /// An emulator with one cloud app (`--cloud-app` syntax), on a free port, for `body`.
    static func withHeadUnit(cloudApp: String, _ body: (HeadUnitEmulator) async throws -> Void) async throws {
        try await withHeadUnit(cloudApp: cloudApp, configure: { _ in }, body)
    }

    /// The same, with `configure` applied to the emulator's configuration first.
    static func withHeadUnit(
        cloudApp: String, configure: (inout HeadUnitConfiguration) -> Void,
        _ body: (HeadUnitEmulator) async throws -> Void
    ) async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.cloudApps = [try CloudApp(parsing: cloudApp)]
        configure(&configuration)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        do {
            try await body(headUnit)
        } catch {
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }
}
