import CarWindowTestingTools
import HeadUnit
import NIOCore
import NIOPosix
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The session over real TCP on 127.0.0.1, against a tiny scripted head unit listening on port 0.
@Suite("TCP transport", .timeLimit(.minutes(3)))
struct TCPTransportTests {
    /// Listens on an ephemeral port, runs `script` for the first client, and `app` with the port.
    static func withHeadUnitServer(
        script:
            @escaping @Sendable (
                inout NIOAsyncChannelInboundStream<SDLFrame>.AsyncIterator, NIOAsyncChannelOutboundWriter<SDLFrame>
            ) async throws -> Void,
        app: @Sendable (Int) async throws -> Void
    ) async throws {
        let server = try await TCPListener<SDLFrame, SDLFrame>.bind(host: "127.0.0.1", port: 0) { bootstrap in
            bootstrap.serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        } pipeline: { channel in
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
            try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
        }
        let port = try #require(server.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        try await client.executeThenClose { inbound, outbound in
                            var frames = inbound.makeAsyncIterator()
                            try await script(&frames, outbound)
                        }
                        break
                    }
                }
            }
            try await app(port)
            try await group.waitForAll()
        }
    }

    static func rpc(_ frames: inout NIOAsyncChannelInboundStream<SDLFrame>.AsyncIterator) async throws -> RPCPayload {
        let frame = try #require(try await frames.next())
        return try RPCPayload(decoding: frame.payload)
    }

    static func respond(_ request: RPCPayload, messageID: UInt32, on outbound: NIOAsyncChannelOutboundWriter<SDLFrame>)
        async throws
    {
        let response = RPCPayload(
            type: .response, functionID: request.functionID, correlationID: request.correlationID,
            json: Array(#"{"success":true,"resultCode":"SUCCESS"}"#.utf8)
        )
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 0,
            messageID: messageID)
        try await outbound.write(SDLFrame(header: header, payload: response.buffer))
    }

    @Test("start, register, heartbeat, stop over TCP")
    func session() async throws {
        try await Self.withHeadUnitServer(script: { frames, outbound in
            let start = try #require(try await frames.next())
            #expect(start.header.version == 1)
            #expect(start.header.controlFrameInfo == .startService)
            let ack = RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 4, 0), hashID: 65537, mtu: 131_072)
            try await outbound.write(
                SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: 1, payload: ack.buffer))
            let register = try await Self.rpc(&frames)
            #expect(register.functionID == .registerAppInterface)
            try await Self.respond(register, messageID: 1, on: outbound)
            try await outbound.write(SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1))
            // The HeartbeatACK may come before or after the app's UnregisterAppInterface, but before its EndService:
            // the heartbeat reached the app before the response that lets it end the session.
            var heartbeatAnswered = false
            while let frame = try await frames.next() {
                if frame.header.controlFrameInfo == .heartbeatACK {
                    #expect(frame.header.serviceType == .control)
                    heartbeatAnswered = true
                } else if frame.header.controlFrameInfo == .endService {
                    #expect(heartbeatAnswered)
                    #expect(try EndService(payload: frame.payload).hashID == 65537)
                    try await outbound.write(SDLFrame.control(.endServiceACK, service: .rpc, version: 5, sessionID: 1))
                    break
                } else {
                    let unregister = try RPCPayload(decoding: frame.payload)
                    #expect(unregister.functionID == .unregisterAppInterface)
                    try await Self.respond(unregister, messageID: 2, on: outbound)
                }
            }
            // The app closes the connection after the ACK.
            #expect(try await frames.next() == nil)
        }) { port in
            let session = SDLSession(configuration: .test(), transport: TCPTransport(host: "127.0.0.1", port: port))
            let states = await session.connectionStateUpdates()
            try await session.start()
            #expect(await session.parameters?.hashID == 65537)
            // The heartbeat answer is sent without the app doing anything; wait for the shutdown to prove it.
            try await session.stop()
            var seen: [ConnectionState] = []
            for await state in states { seen.append(state) }
            #expect(seen == [.idle, .connecting, .negotiating, .registering, .ready, .stopping, .closed(error: nil)])
        }
    }

    @Test("a head unit that sends half a frame and stalls gives peerStalled")
    func stall() async throws {
        let server = try await TCPListener<ByteBuffer, ByteBuffer>.bind(host: "127.0.0.1", port: 0) { _ in }
        let port = try #require(server.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        try await client.executeThenClose { inbound, outbound in
                            var bytes = inbound.makeAsyncIterator()
                            _ = try await bytes.next()  // the StartService
                            // Six bytes of a 12-byte header, then silence until the app gives up and closes.
                            try await outbound.write(ByteBuffer(bytes: [0x50, 0x07, 0x02, 0x01, 0x00, 0x00]))
                            while try await bytes.next() != nil {}
                        }
                        break
                    }
                }
            }
            let transport = TCPTransport(
                host: "127.0.0.1", port: port,
                configuration: TCPTransport.Configuration(stallTimeout: .milliseconds(100))
            )
            // The stall (100 ms) must be what ends it, never the start-up timeout, however busy the machine.
            let session = SDLSession(configuration: .test(timeouts: .all(.seconds(120))), transport: transport)
            let error = await sessionError { try await session.start() }
            #expect(error?.kind == .peerStalled(partialBytes: 6))
            try await group.waitForAll()
        }
    }

    @Test("a TCP peer that accepts and never says a word gives protocolStartTimeout, and the socket is closed")
    func silentAfterAccept() async throws {
        let server = try await TCPListener<ByteBuffer, ByteBuffer>.bind(host: "127.0.0.1", port: 0) { _ in }
        let port = try #require(server.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        try await client.executeThenClose { inbound, _ in
                            // Reads the StartService and everything after, answers nothing, until the app closes.
                            for try await _ in inbound {}
                        }
                        break
                    }
                }
            }
            // The protocol start timeout runs on a manual clock: it comes when the test moves time.
            let clock = ManualClock()
            let session = SDLSession(
                configuration: .test(timeouts: .all(.milliseconds(300))),
                transport: TCPTransport(host: "127.0.0.1", port: port), clock: clock)
            async let failure = sessionError { try await session.start() }
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(300))
            let error = await failure
            #expect(error?.kind == .protocolStartTimeout(.milliseconds(300)))
            #expect(await session.state == .closed(error: error))
            // On a busy machine the app can give up and close before the server takes the connection; the listener
            // then skips it as closed and would wait for another client. Closing the listener ends that wait. A
            // connection the server did take keeps its loop running until the app closed its socket.
            server.close()
            try await group.waitForAll()
        }
    }

    @Test("nobody listening gives connectionFailed")
    func refused() async throws {
        let held = try HeldPort()
        defer { held.release() }
        let port = held.port
        let session = SDLSession(configuration: .test(), transport: TCPTransport(host: "127.0.0.1", port: port))
        let error = await sessionError { try await session.start() }
        guard case .connectionFailed = error?.kind else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(await session.state == .closed(error: error))
    }
}
