import Testing

/// `carwindow bench glass` at CI size: a few clicks through the demo, the viewer and headless Chromium. It asserts
/// that every stage of the loop happened for every tap (a frame came, the change was seen, each stage left its
/// stamp), never how fast: CI has two busy cores, and the targets live in the bench's printed figures.
@Suite("carwindow bench glass", .timeLimit(.minutes(6)))
struct BenchGlassCommandTests {
    static let stages = [
        "press -> release", "release -> touch sent", "touch sent -> app tap", "app tap -> head unit frame",
        "head unit -> viewer sends", "viewer sends -> page gets", "page gets -> decoded", "decoded -> drawn",
        "drawn -> presented", "release -> head unit frame", "glass to glass",
    ]

    @Test("three clicks reach the app, change the picture, and every stage stamps every tap; screenshots agree")
    func fewTaps() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "glass", "--taps", "3", "--method", "screenshot"])
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("glass to glass (mouse release") && $0.contains("over 3 taps") })
        for stage in Self.stages {
            // A row: the stage's name, then how many taps it stamped.
            let row = lines.first { $0.hasPrefix(stage + " ") && !$0.hasPrefix("glass to glass (") }
            let count = row.flatMap { $0.dropFirst(stage.count).split(separator: " ").first }.flatMap { Int($0) }
            #expect(count == 3, "stage '\(stage)': \(row ?? "no row") in:\n\(result.stdout)")
        }
        #expect(
            result.stdout.contains("the page's figure is below the screenshot's in 3 of 3 taps"),
            "\(result.stdout)")
    }

    @Test(
        "bad options are refused with a message that says what to write",
        arguments: [["--taps", "0"], ["--size", "640x480"]])
    func badOptions(arguments: [String]) async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "glass"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--taps must be in 1...1000") || result.stderr.contains("--size must be one"))
    }
}
