import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// Real SDL Core 8.2 bytes from `Tests/HeadUnitTests/Fixtures/traces`, replayed to the session: every core->app frame is sent exactly as
/// Core sent it, and every app->core frame the trace shows must come from the session, of the same kind.
@Suite("Trace replay")
struct TraceReplayTests {
    /// Plays `lines` of a trace: sends Core's frames, checks the app's (control kind, or RPC function and
    /// correlation id).
    static func replay(_ trace: [Int: TraceLine], lines: [Int], on link: HeadUnitLink) async throws {
        for number in lines {
            let line = try #require(trace[number], "line \(number)")
            if line.fromCore {
                try link.send(line.bytes)
                continue
            }
            let message = try await link.receive()
            let expected = line.header
            #expect(message.serviceType.rawValue == UInt8(expected.serviceType), "line \(number): \(message)")
            if expected.frameType == 0 {
                #expect(message.controlFrameInfo?.rawValue == UInt8(expected.frameInfo), "line \(number): \(message)")
                #expect(UInt8(expected.version) == message.version, "line \(number): header version")
            } else {
                let ours = try RPCPayload(decoding: message.payload)
                var theirs = ByteBuffer(bytes: line.bytes)
                theirs.moveReaderIndex(forwardBy: FrameHeader.v2Size)
                let traced = try RPCPayload(decoding: theirs)
                #expect(ours.functionID == traced.functionID, "line \(number)")
                #expect(ours.correlationID == traced.correlationID, "line \(number)")
                #expect(ours.type == traced.type, "line \(number)")
            }
        }
    }

    @Test("raw-video: start, register, notifications, FULL, capability, video service, shutdown")
    func rawVideo() async throws {
        let trace = try Trace.load("core-8.2-raw-video.jsonl")
        try await withSession(headUnit: { link in
            try await Self.replay(trace, lines: Array(1...13) + Array(104...109), on: link)
            await link.drain()
        }) { session in
            let capabilities = await session.videoStreamingCapabilityUpdates()
            let statuses = await session.hmiStatusUpdates()
            try await session.start()

            let parameters = try #require(await session.parameters)
            #expect(parameters.protocolVersion == ProtocolVersion(5, 4, 0))
            #expect(parameters.sessionID == 1)
            #expect(parameters.headerVersion == 5)
            #expect(parameters.hashID == 65537)
            #expect(parameters.mtu.negotiatedValue(for: .rpc) == 131_072)
            #expect(parameters.videoServiceTransports == [1])
            #expect(parameters.vehicle.make == "SDL")
            #expect(parameters.vehicle.model == "HmiStub")
            let registration = try #require(await session.registration)
            #expect(registration.resultCode == .success)
            #expect(registration.displayCapabilities?.screenParams?.resolution.resolutionWidth == 800)
            #expect(registration.hmiCapabilities?.videoStreaming == true)

            var levels: [HMILevel] = []
            for await status in statuses {
                levels.append(status.hmiLevel)
                if status.hmiLevel == .full { break }
            }
            #expect(levels == [.none, .full])
            #expect(await session.hmiStatus?.videoStreamingState == .streamable)
            #expect(await session.permissions?.permissionItem.isEmpty == false)

            var iterator = capabilities.makeAsyncIterator()
            let capability = try #require(await iterator.next())
            #expect(capability.preferredResolution?.resolutionWidth == 800)
            #expect(capability.preferredResolution?.resolutionHeight == 480)
            #expect(capability.maxBitrate == 400_000)

            let video = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
            )
            #expect(
                video.ack
                    == MediaStartServiceACK(
                        mtu: 131_072, videoProtocol: "RAW", width: 800, videoCodec: "H264", height: 480))
            #expect(video.isEncrypted == false)
            try await session.endService(.video)
            try await session.stop()
            #expect(await session.state == .closed(error: nil))
        }
    }

    @Test("hmi-levels: Core's own EndService (video) on NONE is reported and acknowledged")
    func coreEndsVideo() async throws {
        let trace = try Trace.load("core-8.2-hmi-levels.jsonl")
        try await withSession(headUnit: { link in
            // Our app asks for the capability only after FULL (line 11), not in NONE as the traced app did.
            try await Self.replay(trace, lines: [1, 2, 3, 4, 5, 7, 8, 9, 11, 6, 10, 12, 13, 310, 311], on: link)
            let ack = try await link.expectControl(.endServiceACK, service: .video)
            #expect(ack.payload.readableBytes == 0)
            try await Self.replay(trace, lines: [370, 371, 372, 373], on: link)
            await link.drain()
        }) { session in
            let ends = await session.serviceEnds()
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
            )
            var endIterator = ends.makeAsyncIterator()
            #expect(await endIterator.next() == ServiceEnd(service: .video, cause: .headUnit))
            let refused = await sessionError {
                try await session.sendData(ByteBuffer(bytes: [0, 0, 0, 1]), on: .video)
            }
            #expect(refused?.kind == .invalidState("the video service is not started"))
            #expect(await session.hmiStatus?.hmiLevel == HMILevel.none)
            try await session.stop()
        }
    }

    @Test("nak-video-config-rejected: Core's StartServiceNAK (video) becomes a typed error with its reason")
    func videoNAK() async throws {
        let trace = try Trace.load("core-8.2-nak-video-config-rejected.jsonl")
        let core = try #require(trace[13])
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.hmiStatus("FULL")
            _ = try await link.expectRPC(.getSystemCapability)
            try await link.expectControl(.startService, service: .video)
            try link.send(core.bytes)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .full { break }
            let error = await sessionError {
                _ = try await session.startVideoService(
                    VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264")
                )
            }
            #expect(
                error?.kind
                    == .serviceRejected(
                        .video,
                        ServiceNAK(
                            rejectedParams: ["videoCodec", "videoProtocol"],
                            reason: "Received SetVideoConfig failure response"
                        )
                    )
            )
            try await session.stop()
        }
    }
}
