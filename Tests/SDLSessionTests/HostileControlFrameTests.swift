import Foundation
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// Control frames a head unit sends to stall or fool the app (issue #30): an answer nobody asked for, the end of the
/// whole session, a flood of Heartbeats while it reads nothing. Each gets a logged reason and a bounded outcome.
@Suite("Hostile control frames", .timeLimit(.minutes(3)))
struct HostileControlFrameTests {
    @Test("an EndServiceACK nobody asked for is ignored: the video service it names runs on")
    func unsolicitedEndServiceACK() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try await link.expectControl(.startService, service: .video)
            let ack = MediaStartServiceACK(
                mtu: 131_072, videoProtocol: "RAW", width: 800, videoCodec: "H264", height: 480)
            try link.sendControl(.startServiceACK, service: .video, payload: ack.buffer)
            try link.sendControl(.endServiceACK, service: .video)
            // Frames are handled in order: when the app sees NONE, it has handled the stray ACK.
            try link.hmiStatus("NONE")
            try await Self.acceptShutdown(link, countingVideo: 1)
        }) { session in
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            #expect(await session.runningServices.contains(.video))
            try await session.sendData(ByteBuffer(repeating: 0x42, count: 100), on: .video)
            try await session.stop()
        }
    }

    @Test("a StartServiceACK with the encryption bit for a service started in the clear: reported as unencrypted")
    func encryptionBitWithoutHandshake() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            let start = try await link.expectControl(.startService, service: .video)
            #expect(!start.isEncrypted)
            let ack = MediaStartServiceACK(
                mtu: 131_072, videoProtocol: "RAW", width: 800, videoCodec: "H264", height: 480)
            link.messageID += 1
            var frame = SDLFrame.control(
                .startServiceACK, service: .video, version: 5, sessionID: link.sessionID, messageID: link.messageID,
                payload: ack.buffer)
            frame.header.isEncrypted = true
            try link.send(frame)
            try await Self.acceptShutdown(link, countingVideo: 1)
        }) { session in
            try await session.start()
            let started = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            // What goes out is in the clear: the flag must say so.
            #expect(!started.isEncrypted)
            try await session.sendData(ByteBuffer(repeating: 0x42, count: 100), on: .video)
            try await session.stop()
        }
    }

    @Test("a malformed RegisterAppInterface response fails start() at once with the wire error, not a timeout")
    func malformedRegistrationResponse() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            // A header that names the request, and a JSON size larger than the bytes that follow.
            var payload = ByteBuffer()
            payload.writeInteger(UInt32(RPCMessageType.response.rawValue) << 28 | 1, endianness: .big)
            payload.writeInteger(request.correlationID, endianness: .big)
            payload.writeInteger(UInt32(1_000), endianness: .big)
            payload.writeBytes(Array(#"{"success""#.utf8))
            link.messageID += 1
            let header = FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: link.sessionID,
                dataSize: 0, messageID: link.messageID)
            try link.send(SDLFrame(header: header, payload: payload))
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            guard case .wire = error?.kind else {
                Issue.record("expected the wire error at once, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("the head unit's EndService on the RPC service ends the session: ACKed, then a typed error")
    func headUnitEndsTheSession() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.sendControl(.endService, service: .rpc, payload: EndService(hashID: 65537).buffer)
            try await link.expectControl(.endServiceACK, service: .rpc)
            await link.drain()
        }) { session in
            let states = await session.connectionStateUpdates()
            // The EndService may come while start() still runs (it fails then) or just after (the session closes).
            let closing: SDLSessionError?
            do {
                try await session.start()
                closing = try await Self.closingError(of: states)
            } catch let failure as SDLSessionError {
                closing = failure
            }
            #expect(closing?.kind == .headUnitEndedSession)
            #expect(await session.state != .ready)
        }
    }

    @Test("Heartbeats from a head unit that reads nothing: one answer waits, not one per Heartbeat")
    func heartbeatFloodWhileNotReading() async throws {
        let flood = 20_000
        let gate = WriteGate(armed: false)
        let (appSide, headUnitSide) = InMemoryTransport.makePair()
        let session = SDLSession(
            configuration: .test(), transport: GatedTransport(inner: appSide, gate: gate, holds: { _ in true }))
        let (armed, arming) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await headUnitSide.withConnection { connection in
                    let link = HeadUnitLink(connection)
                    try await link.acceptSession()
                    try await link.acceptRegistration()
                    for await _ in armed { break }
                    for _ in 0..<flood { try link.sendControl(.heartbeat, service: .control) }
                    try link.hmiStatus("NONE")
                    try await Self.acceptShutdown(link, countingVideo: 0)
                }
            }
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            // The app's writes block from now on, as behind a peer that stopped reading.
            await gate.arm()
            arming.yield()
            for await status in statuses where status.hmiLevel == HMILevel.none { break }
            let pressure = await session.outboundPressure
            // At most the answer waiting and the one the blocked write holds.
            #expect(pressure.queuedMessages <= 2, "\(pressure.queuedMessages) messages queued")
            #expect(await session.state == .ready)
            await gate.release()
            try await session.stop()
            try await group.waitForAll()
        }
    }

    @Test("EndService floods from a head unit that reads nothing: the bounded reply queue fails with a typed error")
    func endServiceFloodWhileNotReading() async throws {
        let gate = WriteGate(armed: false)
        let (appSide, headUnitSide) = InMemoryTransport.makePair()
        let session = SDLSession(
            configuration: .test(), transport: GatedTransport(inner: appSide, gate: gate, holds: { _ in true }))
        let (armed, arming) = AsyncStream.makeStream(of: Void.self)
        // The head unit keeps its side open until the session has closed: its own close would race the flood.
        let (judged, judging) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await headUnitSide.withConnection { connection in
                    let link = HeadUnitLink(connection)
                    try await link.acceptSession()
                    try await link.acceptRegistration()
                    for await _ in armed { break }
                    // The first reply is the write the gate holds. Only after the writer took it is every further
                    // reply certain to wait in the queue: a writer that ran later would take a whole batch of them.
                    try link.sendControl(.endService, service: .video)
                    await gate.untilHolding()
                    // Each EndService asks for an EndServiceACK; none can be written. The app closes the link once
                    // its reply queue is full, which may come before the flood's end: the flood stops there.
                    flood: for _ in 0..<5_000 {
                        do {
                            try link.sendControl(.endService, service: .video)
                        } catch let error as SDLSessionError where error.kind == .connectionClosed {
                            break flood
                        }
                    }
                    await link.drain()
                    for await _ in judged { break }
                }
            }
            let states = await session.connectionStateUpdates()
            try await session.start()
            await gate.arm()
            arming.yield()
            let closing = try await Self.closingError(of: states)
            judging.finish()
            guard case .outboundQueueFull = closing?.kind else {
                Issue.record("expected outboundQueueFull, got \(String(describing: closing))")
                await gate.release()
                try await group.waitForAll()
                return
            }
            await gate.release()
            try await group.waitForAll()
        }
    }

    /// The error the session closes with; a deadline only catches a session that never closes.
    static func closingError(
        of states: AsyncStream<ConnectionState>, within deadline: Duration = .seconds(30)
    ) async throws -> SDLSessionError? {
        try await withThrowingTaskGroup(of: SDLSessionError??.self) { group in
            group.addTask {
                for await state in states {
                    if case .closed(let error) = state { return .some(error) }
                }
                return .none
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return .none
            }
            let first = try await group.next() ?? .none
            group.cancelAll()
            guard let closed = first else {
                Issue.record("the session did not close within \(deadline)")
                return nil
            }
            return closed
        }
    }

    /// Answers UnregisterAppInterface and the RPC EndService, counting the video data messages before them.
    static func acceptShutdown(_ link: HeadUnitLink, countingVideo expected: Int) async throws {
        var video = 0
        while true {
            let message = try await link.receive()
            if message.serviceType == .video, message.controlFrameInfo == nil {
                video += 1
            } else if message.serviceType == .rpc, message.controlFrameInfo == nil {
                let request = try RPCPayload(decoding: message.payload)
                if request.functionID == .unregisterAppInterface {
                    try link.sendRPC(
                        .response, .unregisterAppInterface, correlationID: request.correlationID,
                        json: #"{"success":true,"resultCode":"SUCCESS"}"#)
                }
            } else if message.controlFrameInfo == .endService, message.serviceType == .rpc {
                try link.sendControl(.endServiceACK, service: .rpc)
                break
            } else if message.controlFrameInfo == .endService {
                try link.sendControl(.endServiceACK, service: message.serviceType)
            }
        }
        #expect(video == expected)
        await link.drain()
    }
}
