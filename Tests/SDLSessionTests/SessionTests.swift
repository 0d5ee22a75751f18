import Foundation
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The session's features against a scripted in-memory head unit.
@Suite("Session")
struct SessionTests {
    @Test(
        "RegisterAppInterface carries the app description",
        arguments: [AppConfiguration.AppType.navigation, .projection])
    func registration(_ type: AppConfiguration.AppType) async throws {
        var configuration = AppConfiguration.test()
        configuration.appType = type
        configuration.dayColorScheme = TemplateColorScheme(primaryColor: RGBColor(red: 1, green: 2, blue: 3))
        try await withSession(
            configuration,
            headUnit: { link in
                try await link.acceptSession()
                let request = try await link.expectRPC(.registerAppInterface)
                let rai = try RPCCoder().decode(RegisterAppInterface.self, from: request.json)
                #expect(rai.appName == "SwiftSDL Nav Probe")
                #expect(rai.appID == "swiftsdl-nav")
                #expect(rai.fullAppID == "swiftsdl-nav")
                #expect(rai.appHMIType == [type == .navigation ? .navigation : .projection])
                #expect(rai.syncMsgVersion == SyncMsgVersion(majorVersion: 8, minorVersion: 0, patchVersion: 0))
                #expect(rai.isMediaApplication == false)
                #expect(rai.languageDesired == .enUs)
                #expect(rai.dayColorScheme?.primaryColor == RGBColor(red: 1, green: 2, blue: 3))
                #expect(rai.nightColorScheme == nil)
                try link.sendRPC(
                    .response, .registerAppInterface, correlationID: request.correlationID,
                    json: #"{"success":true,"resultCode":"SUCCESS"}"#)
                try await link.acceptShutdown()
                await link.drain()
            }
        ) { session in
            try await session.start()
            try await session.stop()
        }
    }

    @Test("a small negotiated MTU splits outgoing RPCs; the head unit reassembles them")
    func outgoingFragmentation() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession(mtu: 128)
            let first = try await link.receive()
            // The link reassembled First + Consecutive frames: the RAI (about 300 bytes) did not fit in 116.
            #expect(first.serviceType == .rpc)
            #expect(first.payload.readableBytes > 116)
            let request = try RPCPayload(decoding: first.payload)
            #expect(request.functionID == .registerAppInterface)
            try link.sendRPC(
                .response, .registerAppInterface, correlationID: request.correlationID,
                json: #"{"success":true,"resultCode":"SUCCESS"}"#)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            try await session.start()
            #expect(await session.parameters?.mtu.maximumSendPayload(for: .rpc) == 116)
            try await session.stop()
        }
    }

    @Test("a multi-frame response from the head unit is reassembled")
    func incomingReassembly() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            let request = try await link.expectRPC(.registerAppInterface)
            let json = #"{"success":true,"resultCode":"SUCCESS","info":"\#(String(repeating: "x", count: 5_000))"}"#
            let payload = RPCPayload(
                type: .response, functionID: .registerAppInterface, correlationID: request.correlationID,
                json: Array(json.utf8))
            let message = SDLMessage(
                version: 5, serviceType: .rpc, sessionID: 1, messageID: 40, payload: payload.buffer)
            for frame in MessageFragmenter.frames(for: message, maximumPayload: 1_000) { try link.send(frame) }
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            try await session.start()
            #expect(await session.registration?.info?.count == 5_000)
            try await session.stop()
        }
    }

    @Test("a Heartbeat from the head unit is answered; none is ever required")
    func heartbeat() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.sendControl(.heartbeat, service: .control)
            // A status behind the heartbeat tells the app when it may stop: the answer is queued by then.
            try link.hmiStatus("NONE")
            let ack = try await link.expectControl(.heartbeatACK, service: .control)
            #expect(ack.sessionID == 1)
            #expect(ack.payload.readableBytes == 0)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            for await _ in statuses { break }
            try await session.stop()
        }
    }

    @Test("OnHMIStatus for another window is ignored; the default streaming state is STREAMABLE")
    func windows() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.hmiStatus("NONE")
            try link.hmiStatus("FULL", windowID: 1)
            try link.notify(
                .onHMIStatus,
                json: #"{"hmiLevel":"BACKGROUND","audioStreamingState":"NOT_AUDIBLE","systemContext":"MENU"}"#)
            _ = try await link.expectRPC(.getSystemCapability)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            var seen: [HMIStatus] = []
            for await status in statuses {
                seen.append(status)
                if seen.count == 2 { break }
            }
            #expect(seen.map(\.hmiLevel) == [.none, .background])
            #expect(seen.last?.videoStreamingState == .streamable)
            #expect(seen.last?.systemContext == .menu)
            try await session.stop()
        }
    }

    @Test("the video capability is refused in NONE, fetched on leaving NONE, and merged with partial updates")
    func capability() async throws {
        let startup =
            #"{"success":true,"resultCode":"SUCCESS","systemCapability":{"systemCapabilityType":"VIDEO_STREAMING","videoStreamingCapability":{"preferredResolution":{"resolutionWidth":800,"resolutionHeight":480},"maxBitrate":400000,"preferredFPS":30}}}"#
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.hmiStatus("NONE")
            let probe = try await link.expectRPC(.onAppCapabilityUpdated)
            #expect(probe.type == .notification)
            try link.hmiStatus("FULL")
            let fetch = try await link.expectRPC(.getSystemCapability)
            let request = try RPCCoder().decode(GetSystemCapability.self, from: fetch.json)
            #expect(request.systemCapabilityType == .videoStreaming)
            #expect(request.subscribe == true)
            try link.sendRPC(.response, .getSystemCapability, correlationID: fetch.correlationID, json: startup)
            try link.notify(
                .onSystemCapabilityUpdated,
                json:
                    #"{"systemCapability":{"systemCapabilityType":"VIDEO_STREAMING","videoStreamingCapability":{"preferredResolution":{"resolutionWidth":1024,"resolutionHeight":600}}}}"#
            )
            // An explicit refresh: Core answers with its stale start-up value.
            let refresh = try await link.expectRPC(.getSystemCapability)
            try link.sendRPC(.response, .getSystemCapability, correlationID: refresh.correlationID, json: startup)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let statuses = await session.hmiStatusUpdates()
            let capabilities = await session.videoStreamingCapabilityUpdates()
            try await session.start()
            for await status in statuses where status.hmiLevel == .none { break }
            let refused = await sessionError { try await session.fetchVideoStreamingCapability() }
            #expect(refused?.kind == .notAllowedInHMILevel(function: .getSystemCapability, level: .none))
            try await session.send(
                OnAppCapabilityUpdated(appCapability: AppCapability(appCapabilityType: .videoStreaming)))

            var iterator = capabilities.makeAsyncIterator()
            let fetched = try #require(await iterator.next())
            #expect(fetched.preferredResolution == ImageResolution(resolutionWidth: 800, resolutionHeight: 480))
            let updated = try #require(await iterator.next())
            #expect(updated.preferredResolution == ImageResolution(resolutionWidth: 1024, resolutionHeight: 600))
            #expect(updated.maxBitrate == 400_000)
            #expect(updated.preferredFPS == 30)

            let refreshed = try await session.fetchVideoStreamingCapability()
            #expect(refreshed?.preferredResolution == ImageResolution(resolutionWidth: 1024, resolutionHeight: 600))
            try await session.stop()
        }
    }

    @Test("every notification is delivered in arrival order, permissions are kept")
    func notifications() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try link.hmiStatus("NONE")
            try link.notify(
                .onPermissionsChange,
                json:
                    #"{"permissionItem":[{"rpcName":"OnTouchEvent","hmiPermissions":{"allowed":["FULL"],"userDisallowed":[]},"parameterPermissions":{"allowed":[],"userDisallowed":[]}}]}"#
            )
            try link.notify(.onDriverDistraction, json: #"{"state":"DD_OFF"}"#)
            try link.notify(FunctionID(rawValue: 0x8FFF), json: #"{"fromTheFuture":true}"#)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            let notifications = await session.notifications()
            let permissions = await session.permissionUpdates()
            try await session.start()
            var ids: [FunctionID] = []
            for await notification in notifications {
                ids.append(notification.functionID)
                if ids.count == 4 { break }
            }
            #expect(ids == [.onHMIStatus, .onPermissionsChange, .onDriverDistraction, FunctionID(rawValue: 0x8FFF)])
            var iterator = permissions.makeAsyncIterator()
            #expect(await iterator.next()?.permissionItem.first?.rpcName == "OnTouchEvent")
            try await session.stop()
        }
    }

    @Test("data on a service is split to that service's MTU and paced by the transport")
    func sendData() async throws {
        try await withSession(headUnit: { link in
            try await link.acceptSession()
            try await link.acceptRegistration()
            try await link.expectControl(.startService, service: .video)
            try link.sendControl(.startServiceACK, service: .video, payload: MediaStartServiceACK(mtu: 1_000).buffer)
            for _ in 0..<4 {
                // 2500 bytes with 988 per frame: First (8 bytes) + Consecutive 988, 988, 524, numbered 1, 2, 0.
                var frames: [SDLFrame] = []
                for _ in 0..<4 { frames.append(try await link.receiveFrame()) }
                #expect(frames.map(\.header.frameType) == [.first, .consecutive, .consecutive, .consecutive])
                #expect(frames.map(\.payload.readableBytes) == [8, 988, 988, 524])
                #expect(frames.map(\.header.frameInfo) == [0, 1, 2, 0])
                #expect(Set(frames.map(\.header.serviceType)) == [.video])
            }
            try await link.expectControl(.endService, service: .video)
            try link.sendControl(.endServiceACK, service: .video)
            try await link.acceptShutdown()
            await link.drain()
        }) { session in
            try await session.start()
            let started = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            #expect(started.ack.mtu == 1_000)
            #expect(await session.parameters?.mtu.maximumSendPayload(for: .video) == 988)
            for _ in 0..<4 {
                try await session.sendData(ByteBuffer(bytes: [UInt8](repeating: 0xAB, count: 2_500)), on: .video)
            }
            try await session.endService(.video)
            try await session.stop()
        }
    }

    @Test("a v3 head unit: the old ACK, v3 headers, the raw hash id in the RPC EndService")
    func oldHeadUnit() async throws {
        try await withSession(headUnit: { link in
            try await link.expectControl(.startService, service: .rpc)
            try link.send(
                SDLFrame.control(
                    .startServiceACK, service: .rpc, version: 3, sessionID: 4,
                    payload: ByteBuffer(bytes: [0, 0, 0x30, 0x39])))
            let message = try await link.receive()
            #expect(message.version == 3)
            #expect(message.sessionID == 4)
            let request = try RPCPayload(decoding: message.payload)
            link.sessionID = 4
            let response = RPCPayload(
                type: .response, functionID: .registerAppInterface, correlationID: request.correlationID,
                json: Array(#"{"success":true,"resultCode":"SUCCESS"}"#.utf8))
            try link.send(
                SDLFrame(
                    header: FrameHeader(
                        version: 3, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 4, dataSize: 0,
                        messageID: 1), payload: response.buffer))
            let unregister = try await link.expectRPC(.unregisterAppInterface)
            let reply = RPCPayload(
                type: .response, functionID: .unregisterAppInterface, correlationID: unregister.correlationID,
                json: Array(#"{"success":true,"resultCode":"SUCCESS"}"#.utf8))
            try link.send(
                SDLFrame(
                    header: FrameHeader(
                        version: 3, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 4, dataSize: 0,
                        messageID: 2), payload: reply.buffer))
            let end = try await link.expectControl(.endService, service: .rpc)
            #expect(Array(end.payload.readableBytesView) == [0, 0, 0x30, 0x39])
            try link.send(SDLFrame.control(.endServiceACK, service: .rpc, version: 3, sessionID: 4))
            await link.drain()
        }) { session in
            try await session.start()
            let parameters = try #require(await session.parameters)
            #expect(parameters.protocolVersion == ProtocolVersion(3))
            #expect(parameters.hashID == 12345)
            try await session.stop()
        }
    }

    @Test("start() twice is refused; stop() before start() just closes")
    func lifecycleMisuse() async throws {
        let (app, _) = InMemoryTransport.makePair()
        let idle = SDLSession(configuration: .test(), transport: app)
        try await idle.stop()
        #expect(await idle.state == .closed(error: nil))
        let error = await sessionError { try await idle.start() }
        guard case .invalidState = error?.kind else {
            Issue.record("expected invalidState, got \(String(describing: error))")
            return
        }
    }
}
