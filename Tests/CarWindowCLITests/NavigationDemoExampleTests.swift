import BrowserTestSupport
import CarWindowTesting
import Foundation
import HeadUnit
import Testing

/// Examples/NavigationDemoApp as a user runs it after copying it: the built `navigation-demo` against a head unit.
@Suite("Examples: navigation-demo", .timeLimit(.minutes(3)))
struct NavigationDemoExampleTests {
    static var executable: URL { BinaryRunner.productsDirectory.appendingPathComponent("navigation-demo") }

    @Test("it registers, streams the map the emulator records, and stops on Ctrl-C with exit 0")
    func streamsAndStops() async throws {
        try await EmulatorFixture.run { emulator in
            let demo = try ChildProcess.launch(
                executable: Self.executable, arguments: [emulator.host, String(emulator.port)])
            defer { demo.kill() }
            _ = try await emulator.app(timeout: .seconds(45))
            let frame = try await emulator.firstFrame(timeout: .seconds(45))
            #expect(frame.size == VideoSize(width: 800, height: 480), "\(frame)")
            try await demo.waitForLine("'registered ...'", in: .stdout, timeout: .seconds(10)) {
                $0 == "registered CarWindow Demo (swiftsdl-nav) over tcp"
            }
            let status = await demo.stop(signal: SIGINT, grace: .seconds(20))
            #expect(status == 0, "\(demo.tail())")
            let recording = try #require(try emulator.recordingFiles().first)
            let summary = try await VideoProbe().summary(of: recording)
            #expect(summary.frames >= 1, "\(summary)")
        }
    }

    @Test("an unreachable head unit: exit 1 and an error line that says why")
    func unreachable() async throws {
        let demo = try ChildProcess.launch(executable: Self.executable, arguments: ["127.0.0.1", "1"])
        defer { demo.kill() }
        let status = try await demo.waitForExit(timeout: .seconds(60))
        #expect(status == 1)
        let errors = demo.lines.filter { $0.stream == .stderr }.map(\.text)
        #expect(errors.contains { $0.hasPrefix("error: cannot connect to 127.0.0.1:1") }, "\(demo.tail())")
    }
}
