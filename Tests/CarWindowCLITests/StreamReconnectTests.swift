import BrowserTestSupport
import Foundation
import Testing

/// `carwindow stream --reconnect` against a `carwindow headunit` that is killed (SIGKILL, as a crashed SDL Core)
/// and started again on the same port: the stream registers again, streams again and ends cleanly on SIGINT.
@Suite("carwindow stream --reconnect", .timeLimit(.minutes(2)))
struct StreamReconnectTests {
    @Test("the head unit killed and restarted on the same port: registered and videoStarted again, exit 0 on SIGINT")
    func survivesHeadUnitRestart() async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let first = try ChildProcess.launch(
            executable: carwindow, arguments: ["headunit", "--port", "0"], withInput: true)
        defer { first.kill() }
        let port = try await Self.listeningPort(of: first)
        let stream = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--fps", "10", "--events", "-",
                // Ended by SIGINT below, not by --duration: a busy machine may take longer than any fixed run.
                "--duration", "300", "--reconnect", "--reconnect-max-delay", "1", "--reconnect-attempts", "0",
            ])
        defer { stream.kill() }
        let started = try await stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
            $0.contains(#""event":"videoStarted""#)
        }

        first.kill()
        try await first.waitForExit(timeout: .seconds(10))
        // A few refused attempts (0.5 s, then 1 s each) before the head unit is back.
        let refused = try await stream.waitForLine(
            "a third reconnecting line", in: .stdout, after: started.number + 1, timeout: .seconds(30)
        ) { $0.contains(#""event":"reconnecting","attempt":3,"#) }
        #expect(refused.text.contains(#""reason":"cannot connect to 127.0.0.1:\#(port)"#), "\(refused.text)")

        let second = try ChildProcess.launch(
            executable: carwindow, arguments: ["headunit", "--port", "\(port)"], withInput: true)
        defer { second.kill() }
        _ = try await Self.listeningPort(of: second)
        let registered = try await stream.waitForLine(
            "registered again", in: .stdout, after: refused.number + 1, timeout: .seconds(30)
        ) { $0.contains(#""event":"registered""#) }
        try await stream.waitForLine(
            "videoStarted again", in: .stdout, after: registered.number + 1, timeout: .seconds(30)
        ) { $0.contains(#""event":"videoStarted""#) }
        try await second.waitForLine("the new head unit's video", in: .stdout, timeout: .seconds(30)) {
            $0.contains("video started")
        }

        #expect(await stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(stream.tail())")
        let stdout = stream.lines.filter { $0.stream == .stdout }.map(\.text)
        #expect(stdout.filter { $0.contains(#""event":"videoStarted""#) }.count == 2)
        #expect(!stdout.contains { $0.contains(#""event":"error""#) }, "\(stream.tail())")
        // The reconnecting lines follow the documented --events table like every other line.
        let schema = try EventSchemaTests.documentedSchema()
        for line in stdout where line.hasPrefix("{") {
            #expect(EventSchemaTests.problems(line, schema).isEmpty, "\(line)")
        }
        _ = await second.stop(signal: SIGINT, grace: .seconds(20))
    }

    @Test("without --reconnect a killed head unit still ends the stream with status 1 within 10 s")
    func failsWithoutReconnect() async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let headUnit = try ChildProcess.launch(
            executable: carwindow, arguments: ["headunit", "--port", "0"], withInput: true)
        defer { headUnit.kill() }
        let port = try await Self.listeningPort(of: headUnit)
        let stream = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--core", "127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--fps", "10", "--events", "-",
                "--duration", "60",
            ])
        defer { stream.kill() }
        try await stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
            $0.contains(#""event":"videoStarted""#)
        }
        headUnit.kill()
        #expect(try await stream.waitForExit(timeout: .seconds(10)) == 1)
        let stdout = stream.lines.filter { $0.stream == .stdout }.map(\.text)
        #expect(stdout.last?.contains(#""event":"error""#) == true, "\(stream.tail())")
        #expect(!stdout.contains { $0.contains(#""event":"reconnecting""#) })
    }

    static func listeningPort(of headUnit: ChildProcess) async throws -> Int {
        let line = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(40)) {
            $0.hasPrefix("carwindow head unit listening on ")
        }
        let address = line.text.dropFirst("carwindow head unit listening on ".count).prefix { $0 != " " }
        guard let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw HarnessError("no port in '\(line.text)'")
        }
        return port
    }
}
