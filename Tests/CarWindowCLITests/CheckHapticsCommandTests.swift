import Foundation
import Testing

/// `carwindow check haptics` against the demo app, started by the command itself with `{core}` filled in.
@Suite("carwindow check haptics", .serialized, .timeLimit(.minutes(5)))
struct CheckHapticsCommandTests {
    static var carwindow: String { BinaryRunner.productsDirectory.appendingPathComponent("carwindow").path }

    static func check(_ options: [String], app: [String]) async throws -> BinaryRunner.Result {
        try await BinaryRunner.runOffPool(["check", "haptics"] + options + ["--", carwindow] + app)
    }

    static let demo = [
        "stream", "--source", "demo", "--core", "{core}", "--app-id", "swiftsdl-nav", "--duration", "600",
    ]

    @Test("the demo's rects: every one highlighted by one turn of the knob, checked, a PASS or FAIL line that agrees")
    func demoIsWalked() async throws {
        let result = try await Self.check(["--wait", "240"], app: Self.demo)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("haptic rects from") }, "\(result.stdout)\(result.stderr)")
        let count = try #require(Int(header.prefix { $0.isNumber }))
        #expect(count >= 4, "\(header)")
        #expect(header.contains("on 800x480 at scale 1.0"), "\(header)")
        let order = try #require(lines.first { $0.hasPrefix("knob order: ") })
        let visited = order.dropFirst("knob order: ".count).split(separator: " ")
        #expect(visited.count == count, "one turn highlights each rect once: \(order)")
        #expect(Set(visited).count == count, "\(order)")
        let findings = lines.filter { $0.contains(": rect #") }
        if findings.isEmpty {
            #expect(result.status == 0, "\(result.stdout)")
            #expect(
                lines.last == "result: PASS, every rect on screen, finger-sized, unambiguous and reachable by the knob")
        } else {
            #expect(result.status == 1, "\(result.stdout)")
            #expect(lines.last?.hasPrefix("result: FAIL, \(findings.count) finding") == true, "\(result.stdout)")
        }
    }

    @Test("a minimum side no control meets: each rect is reported tooSmall and the command exits 1")
    func tooSmallFails() async throws {
        let result = try await Self.check(["--wait", "240", "--min-side", "5000"], app: Self.demo)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let header = try #require(result.stdout.split(separator: "\n").first { $0.contains("haptic rects from") })
        let count = try #require(Int(header.prefix { $0.isNumber }))
        let tooSmall = result.stdout.split(separator: "\n").filter { $0.hasPrefix("tooSmall: rect #") }
        #expect(tooSmall.count == count, "\(result.stdout)")
        #expect(tooSmall.first?.hasSuffix("smaller than 5000 px on a side, too small for a finger") == true)
    }

    @Test("an app that sends no haptic rects: exit 2 and an error line that says so, the app stopped")
    func noRects() async throws {
        let result = try await Self.check(
            ["--wait", "15"],
            app: ["stream", "--source", "pattern", "--core", "{core}", "--app-id", "a", "--duration", "600"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("error: no app sent haptic rects within 15.0 s (SendHapticData)"))
    }

    @Test("an app that exits before it sent rects: exit 2 at once, naming how it ended")
    func appExitsEarly() async throws {
        let result = try await Self.check(["--wait", "600"], app: ["stream", "--core", "{core}"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("exited with status 64 before it sent haptic rects"), "\(result.stderr)")
    }

    @Test("a command that cannot start: exit 2 with the reason")
    func badCommand() async throws {
        let result = try await BinaryRunner.runOffPool(["check", "haptics", "--", "/nonexistent/app"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: /nonexistent/app"), "\(result.stderr)")
    }
}
