import CarWindow
import Logging
import SDLProjection
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// Why `start(source:)` failed reaches the app as a kind it can switch on, with the session's own error under it: a
/// head unit that refuses the app is not one that cannot be reached. Both head units here are in memory: no socket.
@Suite("Projection.start(source:) failures", .timeLimit(.minutes(2)))
@CarWindowActor
struct StartFailureTests {
    static func quietApp() -> AppConfiguration {
        var app = AppConfiguration(appName: "Start Failure", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        return app
    }

    nonisolated static func refuseRegistration(on transport: InMemoryTransport) async throws {
        try await transport.withConnection { connection in
            try await RefusingHeadUnit(connection).refuseRegistration()
        }
    }

    @Test("a refused registration throws registrationRefused, with the session's registrationFailed under it")
    func registrationRefused() async throws {
        let (appSide, headUnitSide) = InMemoryTransport.makePair()
        let headUnit = Task.detached { try await Self.refuseRegistration(on: headUnitSide) }
        let settings = CarWindowSettings(app: Self.quietApp())
        let window = try WindowSource(settings: settings)
        let projection = Projection(settings: settings, transport: appSide)
        let error = await #expect(throws: ProjectionFailure.self) { try await projection.start(source: window) }
        #expect(error?.kind == .registrationRefused)
        let session = error?.underlying as? SDLSessionError
        #expect(session?.kind == .registrationFailed(resultCode: .disallowed, info: "not this app"))
        try await headUnit.value
    }

    @Test("a head unit that cannot be reached throws connectFailed, with the transport's error under it")
    func connectFailed() async throws {
        let settings = CarWindowSettings(app: Self.quietApp())
        let window = try WindowSource(settings: settings)
        let projection = Projection(settings: settings, transport: UnreachableHeadUnit())
        let error = await #expect(throws: ProjectionFailure.self) { try await projection.start(source: window) }
        #expect(error?.kind == .connectFailed)
        let session = error?.underlying as? SDLSessionError
        #expect(session?.kind == .connectionFailed("connection refused"))
    }
}

/// A transport whose head unit is not there: every connection is refused at once.
struct UnreachableHeadUnit: SDLTransport {
    func withConnection<Result: Sendable>(
        _ body: (InMemoryConnection) async throws -> Result
    ) async throws -> Result {
        throw SDLSessionError(.connectionFailed("connection refused"))
    }
}

/// Plays a head unit that starts the RPC service like SDL Core, then refuses the app's registration.
final class RefusingHeadUnit {
    private var frames: InMemoryInboundFrames.AsyncIterator
    private let connection: InMemoryConnection
    private var assembler = MessageAssembler()

    init(_ connection: InMemoryConnection) {
        self.connection = connection
        frames = connection.inbound.makeAsyncIterator()
    }

    private func receive() async throws -> SDLMessage? {
        while let frame = try await frames.next() {
            if let message = try assembler.append(frame) { return message }
        }
        return nil
    }

    func refuseRegistration() async throws {
        let start = try #require(try await receive())
        #expect(start.controlFrameInfo == .startService)
        let ack = RPCStartServiceACK(protocolVersion: try ProtocolVersion("5.4.0"), hashID: 65537, mtu: 131_072)
        try await connection.send([
            SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: 1, payload: ack.buffer)
        ])
        let register = try RPCPayload(decoding: try #require(try await receive()).payload)
        #expect(register.functionID == .registerAppInterface)
        let json = #"{"success":false,"resultCode":"DISALLOWED","info":"not this app"}"#
        let answer = RPCPayload(
            type: .response, functionID: .registerAppInterface, correlationID: register.correlationID,
            json: Array(json.utf8))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 0, messageID: 1)
        try await connection.send([SDLFrame(header: header, payload: answer.buffer)])
        // Whatever the app sends on its way out, until it closes the link.
        while try await receive() != nil {}
    }
}
