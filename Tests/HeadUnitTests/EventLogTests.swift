import Foundation
import HeadUnit
import SDLWire
import Testing

/// The event log has one JSON line per frame, shaped like the recorded traces in `Fixtures/traces`.
@Suite("Event log")
struct EventLogTests {
    @Test("every frame is logged with direction, header, hex and decoded payload", .timeLimit(.minutes(3)))
    func eventLog() async throws {
        let directory = try VideoSource.temporaryDirectory()
        var configuration = HeadUnitConfiguration(port: 0, eventLogPath: directory + "/events.jsonl")
        configuration.activationDelay = .milliseconds(10)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let app = try await TestApp(port: try await headUnit.start())
        _ = try await app.startRPC()
        let received = try await app.registerUntilFull()
        await app.close()
        await headUnit.stop()

        let text = try String(contentsOfFile: directory + "/events.jsonl", encoding: .utf8)
        let lines = try text.split(separator: "\n").map { try JSONValue(parsing: Array($0.utf8)) }
        // StartService, ACK, RAI, and every RPC the app received.
        #expect(lines.count == 3 + received.count)
        let start = try #require(lines.first)
        #expect(start["dir"] == "app->core")
        #expect(start["header"]?["version"] == 1)
        #expect(start["header"]?["messageId"] == .null)
        #expect(start["summary"] == "StartService (RPC)")
        #expect(start["bsonTypes"] == ["protocolVersion": "string"])
        let ack = lines[1]
        #expect(ack["dir"] == "core->app")
        #expect(ack["decoded"]?["hashId"] == 65_537)
        #expect(ack["bsonTypes"]?["mtu"] == "int64")
        #expect(ack["bsonTypes"]?["secondaryTransports"] == "array<>")
        let registration = lines[3]
        #expect(registration["decoded"]?["functionName"] == "RegisterAppInterface")
        #expect(registration["decoded"]?["json"]?["resultCode"] == "SUCCESS")
        #expect(lines.last?["decoded"]?["json"]?["hmiLevel"] == "FULL")
    }
}
