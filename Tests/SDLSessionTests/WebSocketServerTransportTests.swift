import CarWindowTestingTools
import HeadUnit
import NIOCore
import SDLSession
import SDLWire
import Testing

/// The app's WebSocket server (`WebSocketServerTransport`, `--listen`) against head units that break the link: an
/// oversized or a text message, a close in the middle of an SDL frame, a request that is not an upgrade. Each is a
/// typed error of the session waiting on it (or a refusal), never a hang, and the next head unit is served. The
/// suite's time limit only catches a hang.
@Suite("The app's WebSocket server, hostile head units", .timeLimit(.minutes(3)))
struct WebSocketServerTransportTests {
    @Test("an oversized message is .webSocket(.messageTooLarge); the next head unit is served")
    func oversizedMessage() async throws {
        try await Self.failsThenServes(
            { outbound in
                // Only the header, claiming 2 MiB over a 64 KiB limit: refused before a byte of it is buffered.
                try await outbound.write(
                    WebSocketServerTests.clientBuffer(opcode: 0x2, fin: true, payload: [], claimed: 2 << 20))
            },
            expecting: { $0 == .webSocket(.messageTooLarge(limit: 64 * 1024)) })
    }

    @Test("a text message is .webSocket(.textMessage); the next head unit is served")
    func textMessage() async throws {
        try await Self.failsThenServes(
            { outbound in
                try await outbound.write(
                    WebSocketServerTests.clientBuffer(opcode: 0x1, fin: true, payload: Array("hello".utf8)))
            },
            expecting: { $0 == .webSocket(.textMessage) })
    }

    @Test("a head unit that closes in the middle of an SDL frame is a truncated frame, as on TCP")
    func closedMidFrame() async throws {
        let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 0)
        try await Self.failsThenServes(
            { outbound in
                try await outbound.write(
                    WebSocketServerTests.clientBuffer(opcode: 0x2, fin: true, payload: Array(frame.bytes.prefix(7))))
            },
            expecting: { kind in
                guard case .wire(let wire) = kind, case .truncatedFrame = wire.kind else { return false }
                return true
            })
    }

    @Test("a request that is not a WebSocket upgrade is answered 426 and the server keeps listening")
    func notAnUpgrade() async throws {
        try await Self.withServer { server in
            let client = try await WebSocketServerTests.connect(port: server.port)
            let answer = try await client.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                var received: [UInt8] = []
                for try await buffer in inbound { received += buffer.readableBytesView }
                return String(decoding: received, as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 426"), "\(answer)")
            try await Self.headUnitDials(server)
        }
    }

    /// A session waits on a server (64 KiB messages at most); a raw head unit upgrades and runs `script`; the
    /// session's start must fail with a kind `expecting` accepts; then an emulator dials and a new session registers.
    static func failsThenServes(
        _ script: @escaping @Sendable (NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void,
        expecting: @escaping @Sendable (SDLSessionError.Kind) -> Bool
    ) async throws {
        try await withServer { server in
            let session = SDLSession(configuration: .test(), transport: server)
            let started = Task { try await session.start() }
            try await misbehave(port: server.port, script)
            await #expect {
                try await started.value
            } throws: { error in
                guard let error = error as? SDLSessionError else { return false }
                return expecting(error.kind)
            }
            try await headUnitDials(server)
        }
    }

    /// Dials the app's server, upgrades, waits for the app's first message (its RPC StartService: the session has
    /// taken this connection, so what follows is its to report), runs `script`, then closes. A head unit that
    /// misbehaves and leaves before the session took its connection is only logged: the session waits for the next.
    static func misbehave(
        port: Int, _ script: @Sendable (NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void
    ) async throws {
        let client = try await WebSocketServerTests.connect(port: port)
        try await client.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: WebSocketServerTests.upgradeRequest))
            var received: [UInt8] = []
            var iterator = inbound.makeAsyncIterator()
            // The 101 answer, then at least the header of the app's first WebSocket frame.
            while WebSocketServerTests.headerEnd(received).map({ received.count >= $0 + 2 }) != true {
                guard let buffer = try await iterator.next() else { break }
                received += buffer.readableBytesView
            }
            try #require(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101"))
            try await script(outbound)
        }
    }

    /// An emulator dials `server` as a cloud app: a session on it registers.
    static func headUnitDials(_ server: WebSocketServerTransport) async throws {
        try await CloudAppTests.withHeadUnit(cloudApp: "swiftsdl-nav=ws://127.0.0.1:\(server.port)") { headUnit in
            let session = SDLSession(configuration: .test(), transport: server)
            async let started: Void = session.start()
            try await headUnit.activateCloudApp("swiftsdl-nav")
            try await started
            try await session.stop()
        }
    }

    static func withServer(_ body: (WebSocketServerTransport) async throws -> Void) async throws {
        let configuration = WebSocketServerTransport.Configuration(maximumMessageBytes: 64 * 1024)
        try await WebSocketServerTransport.listen(
            on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0"), configuration: configuration, body)
    }
}
