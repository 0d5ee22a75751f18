import CarWindowTestingTools
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// Head units that misbehave: each gives a typed error from `start()` or the call that met it, the session ends
/// closed, and both sides' tasks finish (the harness waits for them).
@Suite("Bad peers")
struct BadPeerTests {
    static let quick = AppConfiguration.test(timeouts: .all(.milliseconds(200)))

    @Test("a StartServiceNAK for the RPC service gives serviceRejected with the reason and rejected params")
    func rpcNAK() async throws {
        let nak = ServiceNAK(rejectedParams: ["protocolVersion"], reason: "too new")
        try await withSession(headUnit: { link in
            try await link.expectControl(.startService, service: .rpc)
            try link.send(
                SDLFrame.control(.startServiceNAK, service: .rpc, version: 5, sessionID: 0, payload: nak.buffer))
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(error?.kind == .serviceRejected(.rpc, nak))
            #expect(await session.state == .closed(error: error))
        }
    }

    @Test("a head unit that never answers the StartService gives protocolStartTimeout")
    func silentStart() async throws {
        // The timeout runs on a manual clock: it comes when the test moves time, never from waiting.
        let clock = ManualClock()
        let (asked, ask) = AsyncStream<Void>.makeStream()
        try await withSession(
            Self.quick, clock: clock,
            headUnit: { link in
                try await link.expectControl(.startService, service: .rpc)
                ask.yield()
                await link.drain()
            }
        ) { session in
            async let failure = sessionError { try await session.start() }
            // Once the StartService is out, the one wait on the clock is its timeout's (the connection's own wait,
            // if any, ended before it): moving time before that could wake the wrong sleeper and leave the timeout
            // waiting for ever.
            for await _ in asked { break }
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(200))
            let error = await failure
            #expect(error?.kind == .protocolStartTimeout(.milliseconds(200)))
            #expect(error?.description.contains("did not answer the RPC StartService within 0.2 seconds") == true)
        }
    }

    @Test("a head unit that never answers RegisterAppInterface gives registrationTimeout")
    func silentRegistration() async throws {
        let clock = ManualClock()
        let (registering, registered) = AsyncStream<Void>.makeStream()
        try await withSession(
            Self.quick, clock: clock,
            headUnit: { link in
                try await link.acceptSession()
                _ = try await link.expectRPC(.registerAppInterface)
                registered.yield()
                await link.drain()
            }
        ) { session in
            async let failure = sessionError { try await session.start() }
            // The StartService's timer ended with its ACK, before the registration went out: the one sleeper left
            // is the registration's.
            for await _ in registering { break }
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(200))
            let error = await failure
            #expect(error?.kind == .registrationTimeout(.milliseconds(200)))
            #expect(await session.state == .closed(error: error))
        }
    }

    @Test("a frame with another session id gives unexpectedSessionID")
    func wrongSessionID() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            link.sessionID = 7
            try link.sendRPC(
                .response, .registerAppInterface, correlationID: request.correlationID,
                json: #"{"success":true,"resultCode":"SUCCESS"}"#)
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(error?.kind == .unexpectedSessionID(expected: 1, got: 7))
        }
    }

    @Test("a frame announcing more than the MTU is refused at its header")
    func frameLargerThanMTU() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            _ = try await link.expectRPC(.registerAppInterface)
            // A header only: the size is refused before any payload is buffered.
            var header = ByteBuffer()
            FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 200_000,
                messageID: 1
            )
            .write(to: &header)
            try link.connection.sendBytes(header)
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            guard case .wire(let wire) = error?.kind else {
                Issue.record("expected a wire error, got \(String(describing: error))")
                return
            }
            #expect(wire.kind == .payloadTooLarge(size: 200_000, limit: 131_072))
        }
    }

    @Test("a head unit that closes in the middle of a frame gives truncatedFrame")
    func closeMidMessage() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            let payload = RPCPayload(
                type: .response, functionID: .registerAppInterface, correlationID: request.correlationID,
                json: Array(#"{"success":true,"resultCode":"SUCCESS"}"#.utf8)
            )
            let frame = SDLFrame(
                header: FrameHeader(
                    version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 0,
                    messageID: 2),
                payload: payload.buffer
            )
            try link.send(Array(frame.bytes.prefix(20)))
            await link.connection.close()
        }) { session in
            let error = await sessionError { try await session.start() }
            guard case .wire(let wire) = error?.kind, case .truncatedFrame = wire.kind else {
                Issue.record("expected truncatedFrame, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a head unit that closes between frames gives connectionClosed")
    func closeBetweenFrames() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            _ = try await link.expectRPC(.registerAppInterface)
            await link.connection.close()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(error?.kind == .connectionClosed)
        }
    }

    @Test("bytes that are not SDL frames give a wire error")
    func garbage() async throws {
        // The wire error is the answer, however busy the machine: no session timeout may come first (a 5 s protocol
        // start timeout did, on a loaded 2-core machine, when timeouts ran on the real clock).
        // The session's clock never moves here, so only the wire error can end start().
        try await withSession(
            clock: ManualClock(),
            headUnit: { link in
                try await link.expectControl(.startService, service: .rpc)
                // '{' is 0x7B: version nibble 7, which no SDL header has.
                try link.send(Array(#"{"hello":"world"}"#.utf8))
                await link.drain()
            }
        ) { session in
            let error = await sessionError { try await session.start() }
            guard case .wire(let wire) = error?.kind else {
                Issue.record("expected a wire error, got \(String(describing: error))")
                return
            }
            #expect(wire.kind == .unsupportedVersion(7))
        }
    }

    @Test("malformed JSON in a response gives rpcCoding(invalidJSON)")
    func malformedJSON() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            try link.sendRPC(
                .response, .registerAppInterface, correlationID: request.correlationID, json: #"{"success":tru"#)
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            guard case .rpcCoding(let coding) = error?.kind else {
                Issue.record("expected rpcCoding, got \(String(describing: error))")
                return
            }
            #expect(coding.kind == .invalidJSON)
            #expect(coding.messageType == "RegisterAppInterfaceResponse")
        }
    }

    @Test("GenericResponse to a request gives genericResponse with its result code")
    func genericResponse() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            try link.sendRPC(
                .response, .genericResponse, correlationID: request.correlationID,
                json: #"{"success":false,"resultCode":"INVALID_DATA","info":"bad"}"#)
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(
                error?.kind == .genericResponse(request: .registerAppInterface, resultCode: .invalidData, info: "bad"))
        }
    }

    @Test("a response for another function id gives unexpectedFunctionID")
    func unknownFunctionID() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            try link.sendRPC(
                .response, FunctionID(rawValue: 0x0ABC_DEF0), correlationID: request.correlationID, json: "{}")
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(
                error?.kind
                    == .unexpectedFunctionID(expected: .registerAppInterface, got: FunctionID(rawValue: 0x0ABC_DEF0)))
        }
    }

    @Test("RegisterAppInterface answered with success false gives registrationFailed")
    func registrationRefused() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            try link.sendRPC(
                .response, .registerAppInterface, correlationID: request.correlationID,
                json: #"{"success":false,"resultCode":"DISALLOWED"}"#)
            await link.drain()
        }) { session in
            let error = await sessionError { try await session.start() }
            #expect(error?.kind == .registrationFailed(resultCode: .disallowed, info: nil))
        }
    }

    @Test("a head unit that never answers a video StartService gives a timeout; the session stays usable")
    func silentVideoStart() async throws {
        let clock = ManualClock()
        try await withSession(
            Self.quick, clock: clock,
            headUnit: { link in
                try await link.acceptSession()
                try await link.acceptRegistration()
                try await link.expectControl(.startService, service: .video)
                try await link.acceptShutdown()
                await link.drain()
            }
        ) { session in
            try await session.start()
            async let failure = sessionError {
                _ = try await session.startVideoService(
                    VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            }
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(200))
            let error = await failure
            #expect(error?.kind == .timeout("StartServiceACK (video)"))
            #expect(await session.state == .ready)
            try await session.stop()
        }
    }

    @Test("OnAppInterfaceUnregistered right behind the registration response fails start()")
    func unregisteredDuringStart() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.notify(.onAppInterfaceUnregistered, json: #"{"reason":"IGNITION_OFF"}"#)
            await link.drain()
        }) { session in
            // start() may return before the notification is read (it ends with the registration response), so the
            // session is judged by how it closes, not by which of the two the scheduler ran first.
            let states = await session.connectionStateUpdates()
            var startError: SDLSessionError?
            do {
                try await session.start()
            } catch let failure as SDLSessionError {
                startError = failure
            }
            let error = try await HostileControlFrameTests.closingError(of: states)
            #expect(error?.kind == .appUnregistered(.ignitionOff))
            if let startError { #expect(startError.kind == .appUnregistered(.ignitionOff)) }
            #expect(await session.state == .closed(error: error))
        }
    }

    @Test("OnAppInterfaceUnregistered closes a ready session with appUnregistered")
    func unregisteredByHeadUnit() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            _ = try await link.expectRPC(.onAppCapabilityUpdated)
            try link.notify(.onAppInterfaceUnregistered, json: #"{"reason":"IGNITION_OFF"}"#)
            await link.drain()
        }) { session in
            let states = await session.connectionStateUpdates()
            try await session.start()
            try await session.send(
                OnAppCapabilityUpdated(appCapability: AppCapability(appCapabilityType: .videoStreaming)))
            var last: ConnectionState?
            for await state in states { last = state }
            #expect(last == .closed(error: SDLSessionError(.appUnregistered(.ignitionOff))))
            let error = await sessionError { try await session.endService(.video) }
            #expect(error?.kind == .appUnregistered(.ignitionOff))
        }
    }

    @Test("an EndServiceNAK gives endServiceRejected with the head unit's reason")
    func endServiceNAK() async throws {
        let nak = ServiceNAK(reason: "not started")
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try await link.expectControl(.endService, service: .audio)
            try link.sendControl(.endServiceNAK, service: .audio, payload: nak.buffer)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            try await session.start()
            let error = await sessionError { try await session.endService(.audio) }
            #expect(error?.kind == .endServiceRejected(.audio, nak))
            try await session.stop()
        }
    }

    @Test("a head unit that ignores the shutdown: stop() throws the timeout and still closes")
    func silentShutdown() async throws {
        let clock = ManualClock()
        // What the head unit has received: time moves only once a request is on the wire. Queued is not enough: a
        // timeout that expires before the writer ran would close the link with the request still queued.
        let (received, receiving) = AsyncStream.makeStream(of: String.self)
        try await withSession(
            Self.quick, clock: clock,
            headUnit: { link in
                try await link.acceptSession()
                try await link.acceptRegistration()
                _ = try await link.expectRPC(.unregisterAppInterface)
                receiving.yield("UnregisterAppInterface")
                try await link.expectControl(.endService, service: .rpc)
                receiving.yield("EndService")
                await link.drain()
            }
        ) { session in
            try await session.start()
            async let failure = sessionError { try await session.stop() }
            var seen = received.makeAsyncIterator()
            // UnregisterAppInterface's timeout, then the RPC EndService's: one sleeper at a time.
            #expect(await seen.next() == "UnregisterAppInterface")
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(200))
            #expect(await seen.next() == "EndService")
            await clock.waitForSleeper()
            clock.advance(by: .milliseconds(200))
            let error = await failure
            #expect(error?.kind == .timeout("UnregisterAppInterface response (correlation 2)"))
            #expect(await session.state == .closed(error: nil))
        }
    }
}
