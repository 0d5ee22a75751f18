import Foundation
import HeadUnit
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// Head units that attack the app's resources rather than break the protocol: each ends with a typed error or
/// a counted loss, and the app's memory stays bounded whatever the head unit does.
@Suite("Hostile head units", .timeLimit(.minutes(3)))
struct HostileHeadUnitTests {
    static func quickHeartbeat(idle: Duration = .milliseconds(100), answer: Duration = .milliseconds(300))
        -> AppConfiguration
    {
        var app = AppConfiguration.test()
        app.heartbeat = AppConfiguration.Heartbeat(idle: idle, answerTimeout: answer)
        return app
    }

    @Test("a flood of notifications nobody reads: the stream keeps the newest 1024, the rest is dropped and counted")
    func notificationFlood() async throws {
        let flood = 5_000
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            for index in 0..<flood { try link.notify(.onHashChange, json: #"{"hashID":"h\#(index)"}"#) }
            // Frames are handled in order: when the app sees NONE, the whole flood has gone through. (NONE asks for
            // nothing; FULL would make the app fetch the video capability first.)
            try link.hmiStatus("NONE")
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let unread = await session.notifications()
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            #expect(await session.resumptionHashID == "h\(flood - 1)")
            try await session.stop()
            var kept = 0
            for await _ in unread { kept += 1 }
            // The flood, the OnHMIStatus: the newest 1024 kept, every other one counted as dropped.
            #expect(kept == SDLSession.notificationBuffer)
            #expect(session.droppedNotifications == flood + 1 - SDLSession.notificationBuffer)
        }
    }

    @Test("large notifications nobody reads: the stream holds at most notificationBufferBytes, the rest is counted")
    func largeNotificationFlood() async throws {
        // 200 notifications of 100 KB: 20 MB, far below 1024 by count. Before the byte bound all were held (1 MiB
        // notifications held about 290 MiB).
        let flood = 200
        let padding = String(repeating: "x", count: 100_000)
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            for index in 0..<flood {
                try link.notify(.onHashChange, json: #"{"hashID":"h\#(index)","padding":"\#(padding)"}"#)
            }
            try link.hmiStatus("NONE")
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let unread = await session.notifications()
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            try await session.stop()
            var kept = 0
            var keptBytes = 0
            for await notification in unread {
                kept += 1
                keptBytes += notification.json.count + notification.bulkData.count
            }
            #expect(keptBytes <= SDLSession.notificationBufferBytes, "\(kept) kept, \(keptBytes) bytes")
            #expect(session.droppedNotifications > 0)
            #expect(kept + session.droppedNotifications == flood + 1)
        }
    }

    @Test("a flood of HMI statuses nobody reads: the state stream keeps the newest 1024, the last one among them")
    func hmiStatusFlood() async throws {
        let flood = 5_000
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            // NONE throughout (any other level makes the app fetch the capability); the context alternates, and
            // MENU marks the end of the flood.
            for index in 0...flood {
                let context = index == flood ? "MENU" : index.isMultiple(of: 2) ? "MAIN" : "ALERT"
                try link.notify(
                    .onHMIStatus,
                    json: #"{"hmiLevel":"NONE","audioStreamingState":"NOT_AUDIBLE","systemContext":"\#(context)"}"#)
            }
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let unread = await session.hmiStatusUpdates()
            let watched = await session.hmiStatusUpdates()
            try await session.start()
            for await status in watched where status.systemContext == .menu { break }
            try await session.stop()
            var kept: [HMIStatus] = []
            for await status in unread { kept.append(status) }
            #expect(kept.count == SDLSession.notificationBuffer)
            #expect(kept.last?.systemContext == .menu)
        }
    }

    @Test("a 100 MB frame length: a typed wire error at the header, before any payload is buffered")
    func hugeFrameLength() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            var header = ByteBuffer()
            FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1,
                dataSize: 100_000_000, messageID: 9
            )
            .write(to: &header)
            try link.connection.sendBytes(header)
            await link.drain()
        }) { session in
            let states = await session.connectionStateUpdates()
            // The header may come while start() still runs (it fails then) or just after (the session closes).
            var error: SDLSessionError?
            do {
                try await session.start()
                for await state in states {
                    if case .closed(let closing) = state {
                        error = closing
                        break
                    }
                }
            } catch let failure as SDLSessionError {
                error = failure
            }
            guard case .wire(let wire) = error?.kind else {
                Issue.record("expected a wire error, got \(String(describing: error))")
                return
            }
            #expect(wire.kind == .payloadTooLarge(size: 100_000_000, limit: 131_072))
        }
    }

    @Test("a head unit that goes silent after registering: the Heartbeat goes unanswered, heartbeatUnanswered")
    func silentAfterRegistration() async throws {
        try await withSession(
            Self.quickHeartbeat(),
            headUnit: { link in
                try await link.acceptSession()
                try await link.acceptRegistration()
                // Reads on (a Heartbeat among what it reads), answers nothing.
                await link.drain()
            }
        ) { session in
            let states = await session.connectionStateUpdates()
            try await session.start()
            for await state in states {
                guard case .closed(let error) = state else { continue }
                #expect(error?.kind == .heartbeatUnanswered(.milliseconds(400)))
                return
            }
            Issue.record("the session never closed")
        }
    }

    @Test("a head unit that answers Heartbeats is kept: the app asks when idle and carries on")
    func answeredHeartbeats() async throws {
        // Answers come at once; the long answer deadline only keeps a busy machine's late answer from counting as
        // none (it is never waited out when the head unit answers).
        try await withSession(
            Self.quickHeartbeat(answer: .seconds(20)),
            headUnit: { link in
                try await link.acceptSession()
                try await link.acceptRegistration()
                var answered = 0
                while true {
                    let message = try await link.receive()
                    if message.controlFrameInfo == .heartbeat {
                        try link.sendControl(.heartbeatACK, service: .control)
                        answered += 1
                        // Three answered: tell the app (it waits for NONE), and answer any later one the same way.
                        if answered == 3 { try link.hmiStatus("NONE") }
                    } else if message.controlFrameInfo == .endService {
                        try link.sendControl(.endServiceACK, service: .rpc)
                        break
                    } else if message.serviceType == .rpc {
                        let request = try RPCPayload(decoding: message.payload)
                        #expect(request.functionID == .unregisterAppInterface)
                        try link.sendRPC(
                            .response, .unregisterAppInterface, correlationID: request.correlationID,
                            json: #"{"success":true,"resultCode":"SUCCESS"}"#)
                    }
                }
                #expect(answered >= 3)
                await link.drain()
            }
        ) { session in
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            // Three Heartbeats answered within the deadline: the session is still up.
            #expect(await session.state == .ready)
            try await session.stop()
        }
    }

    @Test("a head unit that stops reading: video sends block, the Heartbeat cannot get out, a typed error ends it")
    func stopsReading() async throws {
        let server = try await TCPListener<SDLFrame, SDLFrame>.bind(host: "127.0.0.1", port: 0) { bootstrap in
            bootstrap.childChannelOption(.socketOption(.so_rcvbuf), value: 16_384)
        } pipeline: { channel in
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
            try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
        }
        let port = try #require(server.port)
        let (closed, close) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        try await client.executeThenClose { inbound, outbound in
                            var frames = inbound.makeAsyncIterator()
                            try await Self.acceptUpToVideo(&frames, outbound)
                            // Reads nothing more: no read is asked of the socket again (autoRead off; the async
                            // channel's own back-pressure would also stop after a few frames), the kernel's buffers
                            // fill.
                            try await client.channel.setOption(ChannelOptions.autoRead, value: false).get()
                            for await _ in closed { break }
                        }
                        break
                    }
                }
            }
            // Seconds of blocked sending before the Heartbeat ends it: the bound must hold however long the
            // app keeps trying, not only because the error came early.
            var app = Self.quickHeartbeat(idle: .seconds(2), answer: .seconds(1))
            app.timeouts = .all(.seconds(10))
            let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
            try await session.start()
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            let chunk = ByteBuffer(repeating: 0x42, count: 64 * 1024)
            var accepted = 0
            let error = await sessionError {
                while true {
                    try await session.sendData(chunk, on: .video)
                    accepted += chunk.readableBytes
                }
            }
            #expect(error?.kind == .heartbeatUnanswered(.seconds(3)))
            // Bounded: what the transport took is what the sockets hold (the app's send buffer, the peer's receive
            // buffer), not what the app would have sent.
            #expect(accepted < Self.socketBufferBound())
            close.finish()
            try await group.waitForAll()
        }
    }

    @Test("the TCP transport's send waits for its event loop to write: a starved loop holds at most one batch more")
    func sendWaitsForTheEventLoop() async throws {
        let peer = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(peer.localAddress?.port)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let transport = TCPTransport(host: "127.0.0.1", port: port, group: group)
        let opened = try await transport.withConnection { connection in
            // The app's event loop is kept busy (as on a loaded machine) until the gate opens.
            let gate = DispatchSemaphore(value: 0)
            let isOpen = NIOLockedValueBox(false)
            group.next().execute { gate.wait() }
            async let sentAfterOpening: Bool = {
                let heartbeat = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1)
                // The first batch may wait in the loop; the second send waits for it to be written.
                try await connection.send([heartbeat])
                try await connection.send([heartbeat])
                return isOpen.withLockedValue { $0 }
            }()
            // Not a synchronisation: a send that returns early is seen whatever the delay; the delay only gives
            // such a send the time to return before the gate opens.
            try await Task.sleep(for: .milliseconds(500))
            isOpen.withLockedValue { $0 = true }
            gate.signal()
            return try await sentAfterOpening
        }
        #expect(opened, "send returned while its event loop had not run the write")
        try await peer.close()
        try await group.shutdownGracefully()
    }

    /// The most a loopback TCP connection can hold: the kernel's largest send buffer plus its largest receive
    /// buffer (Linux `tcp_wmem`/`tcp_rmem` maxima), and 1 MiB for the app's one batch in flight and frame headers.
    static func socketBufferBound() -> Int {
        func maximum(_ path: String) -> Int? {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) }
        }
        guard let send = maximum("/proc/sys/net/ipv4/tcp_wmem"), let receive = maximum("/proc/sys/net/ipv4/tcp_rmem")
        else { return 64 * 1024 * 1024 }
        return send + receive + 1024 * 1024
    }

    /// The head unit's side of a session up to an accepted video service, over TCP.
    static func acceptUpToVideo(
        _ frames: inout NIOAsyncChannelInboundStream<SDLFrame>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<SDLFrame>
    ) async throws {
        _ = try #require(try await frames.next())  // RPC StartService
        let ack = RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 4, 0), hashID: 65537, mtu: 131_072)
        try await outbound.write(
            SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: 1, payload: ack.buffer))
        let register = try RPCPayload(decoding: try #require(try await frames.next()).payload)
        try await TCPTransportTests.respond(register, messageID: 1, on: outbound)
        while let frame = try await frames.next() {
            // Answered until the video starts: only the silence after it is the case under test.
            if frame.header.frameType == .control, frame.header.controlFrameInfo == .heartbeat {
                try await outbound.write(SDLFrame.control(.heartbeatACK, service: .control, version: 5, sessionID: 1))
                continue
            }
            guard frame.header.controlFrameInfo == .startService, frame.header.serviceType == .video else { continue }
            let videoACK = MediaStartServiceACK(
                mtu: 131_072, videoProtocol: "RAW", width: 800, videoCodec: "H264", height: 480)
            try await outbound.write(
                SDLFrame.control(.startServiceACK, service: .video, version: 5, sessionID: 1, payload: videoACK.buffer))
            return
        }
    }
}
