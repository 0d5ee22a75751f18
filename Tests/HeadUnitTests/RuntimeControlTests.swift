import Foundation
import HeadUnit
import NIOCore
import SDLRPC
import SDLWire
import Testing

/// Runtime controls and the Core quirks, each switched on and off.
@Suite("Runtime controls and quirks", .serialized)
struct RuntimeControlTests {
    static func start(_ configure: (inout HeadUnitConfiguration) -> Void = { _ in }) async throws -> (
        HeadUnitEmulator, Int
    ) {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .milliseconds(10)
        configure(&configuration)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        return (headUnit, try await headUnit.start())
    }

    static func rpc(_ frame: SDLFrame?) throws -> (function: UInt32, json: JSONValue) {
        let frame = try #require(frame)
        let rpc = try RPCPayload(decoding: frame.payload)
        return (rpc.functionID.rawValue, try JSONValue(parsing: rpc.json))
    }

    @Test(
        "resize reaches subscribers; GetSystemCapability stays stale as on Core", .timeLimit(.minutes(3)),
        arguments: [true, false])
    func resize(stale: Bool) async throws {
        let (headUnit, port) = try await Self.start { $0.quirks.staleSystemCapability = stale }
        let subscribed = try await TestApp(port: port)
        _ = try await subscribed.startRPC()
        _ = try await subscribed.registerUntilFull()
        let other = try await TestApp(port: port)
        _ = try await other.startRPC()
        _ = try await other.registerUntilFull()
        try await subscribed.sendRPC(
            function: 48, correlationID: 2, json: #"{"systemCapabilityType":"VIDEO_STREAMING","subscribe":true}"#)
        #expect(try Self.rpc(await subscribed.nextFrame()).function == 48)

        try await headUnit.resize(to: VideoSize(width: 1024, height: 600), scale: 1.5)
        let update = try Self.rpc(await subscribed.nextFrame())
        #expect(update.function == 32787)
        let capability = update.json["systemCapability"]?["videoStreamingCapability"]
        #expect(capability?["preferredResolution"] == ["resolutionWidth": 1024, "resolutionHeight": 600])
        #expect(capability?["scale"] == 1.5)

        // The app that did not subscribe gets no notification: its next frame is the answer to its own request.
        for app in [subscribed, other] {
            try await app.sendRPC(function: 48, correlationID: 3, json: #"{"systemCapabilityType":"VIDEO_STREAMING"}"#)
            let answer = try Self.rpc(await app.nextFrame())
            #expect(answer.function == 48)
            let width = answer.json["systemCapability"]?["videoStreamingCapability"]?["preferredResolution"]?[
                "resolutionWidth"]
            #expect(width == (stale ? 800 : 1024))
        }
        await subscribed.close()
        await other.close()
        await headUnit.stop()
    }

    @Test(
        "touches go only to FULL, twice for a navigation app as on Core", .timeLimit(.minutes(3)),
        arguments: [true, false])
    func touches(duplicate: Bool) async throws {
        let (headUnit, port) = try await Self.start { $0.quirks.duplicateTouchEvents = duplicate }
        let app = try await TestApp(port: port)
        _ = try await app.startRPC()
        _ = try await app.registerUntilFull()
        let pinch = OnTouchEvent.pinch(center: (400, 240), fromDistance: 100, toDistance: 300)
        let sent = try await headUnit.injectTouches(pinch, to: AppID(1))
        #expect(sent == pinch.count * (duplicate ? 2 : 1))
        var received: [JSONValue] = []
        for _ in 0..<sent {
            let touch = try Self.rpc(await app.nextFrame())
            #expect(touch.function == 32780)
            received.append(touch.json)
        }
        let move = try #require(received.first { $0["type"] == "MOVE" })
        #expect(move["event"]?.arrayValue?.count == 2, "a two-finger MOVE is one notification with two entries")

        try await headUnit.setHMILevel(.limited, for: AppID(1))
        #expect(try Self.rpc(await app.nextFrame()).json["hmiLevel"] == "LIMITED")
        #expect(try await headUnit.injectTouches(OnTouchEvent.tap(x: 1, y: 2), to: AppID(1)) == 0)
        await app.close()
        await headUnit.stop()
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var service: ServiceType
        var types: [String]
        var activate: Bool
        var request: VideoStartService?
        var rejected: Set<VideoFormat> = []
        var expected: ServiceNAK
        var testDescription: String { name }
    }

    static let configRejected = "Received SetVideoConfig failure response"

    static let refusals: [Refusal] = [
        Refusal(
            name: "video in NONE", service: .video, types: ["NAVIGATION"], activate: false,
            request: VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"),
            expected: ServiceNAK(reason: "Service type: 11 disallowed with current HMI level")),
        Refusal(
            name: "audio in NONE", service: .audio, types: ["NAVIGATION"], activate: false, request: nil,
            expected: ServiceNAK(reason: "Service type: 10 disallowed with current HMI level")),
        Refusal(
            name: "audio from a DEFAULT app", service: .audio, types: ["DEFAULT"], activate: true, request: nil,
            expected: ServiceNAK(reason: "Service type: 10 disallowed with current HMI type")),
        Refusal(
            name: "unknown codec", service: .video, types: ["NAVIGATION"], activate: true,
            request: VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H265"),
            expected: ServiceNAK(rejectedParams: ["videoCodec"], reason: configRejected)),
        Refusal(
            name: "RTP rejected at runtime", service: .video, types: ["NAVIGATION"], activate: true,
            request: VideoStartService(height: 480, width: 800, videoProtocol: "RTP", videoCodec: "H264"),
            rejected: [.h264RTP],
            expected: ServiceNAK(rejectedParams: ["videoProtocol"], reason: configRejected)),
        Refusal(
            name: "every H264 format rejected", service: .video, types: ["PROJECTION"], activate: true,
            request: VideoStartService(height: 480, width: 800, videoProtocol: "RTP", videoCodec: "H264"),
            rejected: [.h264RTP, .h264RAW],
            expected: ServiceNAK(
                rejectedParams: ["videoCodec", "videoProtocol"], reason: configRejected)),
    ]

    @Test("streams are refused with Core's NAK", .timeLimit(.minutes(3)), arguments: refusals)
    func refusal(_ refusal: Refusal) async throws {
        let (headUnit, port) = try await Self.start { $0.activationDelay = refusal.activate ? .milliseconds(10) : nil }
        await headUnit.rejectVideoFormats(refusal.rejected)
        let app = try await TestApp(port: port)
        _ = try await app.startRPC()
        let registration = TestApp.registration(types: refusal.types)
        if refusal.activate {
            _ = try await app.registerUntilFull(json: registration)
        } else {
            try await app.sendRPC(function: 1, correlationID: 1, json: registration)
            for _ in 0..<5 { _ = await app.nextFrame() }  // response, OnHMIStatus, permissions, system request, DD
        }
        try await app.sendControl(.startService, refusal.service, payload: refusal.request?.buffer ?? ByteBuffer())
        let nak = try #require(await app.nextFrame())
        #expect(nak.header.controlFrameInfo == .startServiceNAK)
        #expect(try ServiceNAK(payload: nak.payload) == refusal.expected)
        await app.close()
        await headUnit.stop()
    }

    @Test("OnAppCapabilityUpdated in NONE is dropped", .timeLimit(.minutes(3)), arguments: [true, false])
    func appCapabilityInNONE(drop: Bool) async throws {
        let (headUnit, port) = try await Self.start {
            $0.activationDelay = nil
            $0.quirks.dropAppCapabilityInNONE = drop
        }
        let events = await headUnit.events()
        let app = try await TestApp(port: port)
        _ = try await app.startRPC()
        try await app.sendRPC(function: 1, correlationID: 1, json: TestApp.navigationRegistration)
        try await app.sendRPC(
            .notification, function: 32791, correlationID: 2,
            json: #"{"appCapability":{"appCapabilityType":"VIDEO_STREAMING"}}"#)
        for await event in events {
            if case .appCapabilityUpdated(_, let dropped) = event {
                #expect(dropped == drop)
                break
            }
        }
        await app.close()
        await headUnit.stop()
    }

    @Test("an app without a protocolVersion is answered the old way", .timeLimit(.minutes(3)))
    func oldWay() async throws {
        let (headUnit, port) = try await Self.start()
        let app = try await TestApp(port: port)
        try await app.send(.control(.startService, service: .rpc, version: 1, sessionID: 0))
        let ack = try #require(await app.nextFrame())
        #expect(ack.header.controlFrameInfo == .startServiceACK)
        #expect(ack.header.version == 4)
        #expect(ack.header.messageID == 65_537, "protocol 2-4 carries the hash id in the message id")
        #expect(ack.payload.readableBytes == 0)
        await app.close()
        await headUnit.stop()
    }
}
