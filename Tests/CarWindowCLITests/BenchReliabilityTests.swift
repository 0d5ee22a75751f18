import Testing

/// `carwindow bench soak|reconnect|load` run short: they pass on a healthy stream and say so, and refuse bad options.
/// The figures themselves (rates, latencies) are printed, never asserted.
@Suite("carwindow bench soak, reconnect and load")
struct BenchReliabilityTests {
    @Test("a short soak checks every frame on the wire and in the decoded recording, and samples memory and fds")
    func shortSoak() async throws {
        let result = try await BinaryRunner.runOffPool(["bench", "soak", "--duration", "3", "--interval", "1"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for line in [
            "RSS grew", "0 packets lost, 0 units dropped, 0 malformed, 0 out of order", "decoded: app1-video1",
            "result: PASS",
        ] {
            #expect(result.stdout.contains(line), "missing '\(line)' in:\n\(result.stdout)")
        }
    }

    @Test(
        "reconnect brings the video back after each drop and after each restart of the emulator",
        arguments: [
            "drop", "restart",
        ])
    func reconnectCycles(mode: String) async throws {
        let result = try await BinaryRunner.runOffPool(
            ["bench", "reconnect", "--cycles", "2", "--mode", mode, "--settle", "0.2"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("time to first frame after the \(mode): 2 of 2 cycles"), "\(result.stdout)")
        #expect(result.stdout.contains("result: PASS, the video came back 2 times"), "\(result.stdout)")
    }

    @Test("load streams from a child app and from a projection in the process, and finds nothing lost")
    func shortLoad() async throws {
        let result = try await BinaryRunner.runOffPool(
            ["bench", "load", "--apps", "1", "--projections", "1", "--duration", "3"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for line in [
            "1. the emulator with 1 apps", "emulator CPU:", "2. 1 projections", "wire: whole",
            "result: PASS",
        ] {
            #expect(result.stdout.contains(line), "missing '\(line)' in:\n\(result.stdout)")
        }
    }

    @Test(
        "out-of-range options are refused with the allowed range",
        arguments: [
            (["bench", "soak", "--duration", "0"], "--duration must be 1...86400 seconds"),
            (["bench", "reconnect", "--cycles", "0"], "--cycles must be 1...10000"),
            (["bench", "load", "--apps", "1000"], "--apps and --projections must be 0...100"),
        ])
    func badOptions(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.runOffPool(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
