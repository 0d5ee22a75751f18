import Foundation
import HeadUnit
import NIOCore
import SDLWire
import Testing

/// Hostile and broken apps are refused the way Core refuses them, and a well-behaved app connected at the same time
/// keeps being served.
@Suite("Hostile apps", .serialized)
struct HostileAppTests {
    static func headUnit() -> HeadUnitEmulator {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .milliseconds(10)
        return HeadUnitEmulator(configuration: configuration)
    }

    enum Hostility: String, CaseIterable, CustomTestStringConvertible {
        case garbage, oversizeFrame, videoBeforeRegistration, malformedRPC, registrationWithoutAppID, vanishMidStream

        var testDescription: String { rawValue }
    }

    @Test(
        "a hostile app is refused and the other app is still served", .timeLimit(.minutes(3)),
        arguments: Hostility.allCases)
    func hostile(_ hostility: Hostility) async throws {
        let headUnit = Self.headUnit()
        let port = try await headUnit.start()
        let events = await headUnit.events()
        let good = try await TestApp(port: port)
        _ = try await good.startRPC()
        _ = try await good.registerUntilFull()
        let bad = try await TestApp(port: port)
        let badID = AppID(2)

        switch hostility {
        case .garbage:
            try await bad.sendBytes(Array(repeating: 0xFF, count: 64))
            #expect(await bad.next() == nil, "the emulator closes a connection it cannot parse")
        case .oversizeFrame:
            // A header announcing 10 MB: refused at the header, before any payload is buffered.
            var header = ByteBuffer()
            FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1,
                dataSize: 10_000_000, messageID: 1
            ).write(to: &header)
            try await bad.sendBytes(Array(header.readableBytesView))
            #expect(await bad.next() == nil)
        case .videoBeforeRegistration:
            _ = try await bad.startRPC()
            try await bad.sendControl(
                .startService, .video,
                payload: VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264").buffer)
            let nak = try #require(await bad.nextFrame())
            #expect(nak.header.controlFrameInfo == .startServiceNAK)
            #expect(try ServiceNAK(payload: nak.payload).reason?.contains("Service type: 11") == true)
        case .malformedRPC:
            _ = try await bad.startRPC()
            try await bad.sendRPC(function: 1, correlationID: 9, json: "{not json")
            let answer = try #require(await bad.nextFrame())
            let rpc = try RPCPayload(decoding: answer.payload)
            #expect(rpc.functionID.rawValue == 31)
            #expect(rpc.correlationID == 9)
            #expect(try JSONValue(parsing: rpc.json)["resultCode"] == "INVALID_DATA")
        case .registrationWithoutAppID:
            _ = try await bad.startRPC()
            try await bad.sendRPC(
                function: 1, correlationID: 1,
                json: #"{"syncMsgVersion":{"majorVersion":8,"minorVersion":0},"appName":"x","#
                    + #""isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US"}"#
            )
            let answer = try #require(await bad.nextFrame())
            let rpc = try RPCPayload(decoding: answer.payload)
            #expect(rpc.functionID.rawValue == 1)
            #expect(try JSONValue(parsing: rpc.json)["resultCode"] == "INVALID_DATA")
            #expect(try JSONValue(parsing: rpc.json)["success"] == false)
        case .vanishMidStream:
            _ = try await bad.startRPC()
            _ = try await bad.registerUntilFull()
            try await bad.sendControl(
                .startService, .video,
                payload: VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264").buffer)
            #expect(await bad.nextFrame()?.header.controlFrameInfo == .startServiceACK)
            for unit in try await VideoSource.loaded().prefix(5) {
                try await bad.sendMessage(.video, unit, maximumPayload: 131_060)
            }
            await bad.close()
            var stopped = false
            for await event in events {
                if case .videoStopped(badID, _, _) = event { stopped = true }
                if case .appUnregistered(badID, let unexpected) = event {
                    #expect(unexpected)
                    break
                }
            }
            #expect(stopped)
        }

        if [.garbage, .oversizeFrame, .malformedRPC, .registrationWithoutAppID].contains(hostility) {
            // Refusals are logged and reported as events.
            var reported: HeadUnitError?
            for await event in events {
                if case .error(let error) = event, error.app == badID {
                    reported = error
                    break
                }
            }
            #expect(reported != nil)
        }

        // The well-behaved app is still answered.
        try await good.sendRPC(function: 48, correlationID: 7, json: #"{"systemCapabilityType":"VIDEO_STREAMING"}"#)
        let answer = try #require(await good.nextFrame())
        let rpc = try RPCPayload(decoding: answer.payload)
        #expect(rpc.functionID.rawValue == 48)
        #expect(try JSONValue(parsing: rpc.json)["resultCode"] == "SUCCESS")
        await bad.close()
        await good.close()
        await headUnit.stop()
    }
}
