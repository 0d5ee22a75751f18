import BrowserTestSupport
import Foundation
import Testing

@Suite("carwindow headunit")
struct HeadUnitCommandTests {
    @Test("--help explains the command with an example and lists every option")
    func help() async throws {
        let result = try await BinaryRunner.runOffPool(["headunit", "--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains("OVERVIEW: Run a head-unit emulator that answers apps the way SDL Core 8.2 does."))
        #expect(result.stdout.contains("carwindow headunit --port 12345 --resolution 1024x600"))
        // With this many options ArgumentParser shortens the usage line; every option is listed below it.
        #expect(result.stdout.contains("USAGE: carwindow headunit <options>"))
        let options = [
            "--host <host>", "--port <port>", "--resolution <resolution>", "--scale <scale>", "--formats <formats>",
            "--preferred-fps <preferred-fps>", "--max-bitrate <max-bitrate>", "--record <record>",
            "--events <events>", "--trust-ca <trust-ca>", "--certificate <certificate>", "--key <key>",
            "--force-protected <force-protected>", "--encrypted-rpcs <encrypted-rpcs>",
            "--secondary-port <secondary-port>", "--tls-version <tls-version>",
            "--without-tls-quirks <without-tls-quirks>", "--link-kbps <link-kbps>",
        ]
        for option in options {
            #expect(result.stdout.contains("  \(option)"), "help lacks \(option)")
        }
    }

    @Test(
        "invalid options are refused with a message that says what to write",
        arguments: [
            (["--resolution", "800"], "size '800' is not WIDTHxHEIGHT"),
            (["--formats", "H264"], "video format 'H264' is not CODEC:PROTOCOL"),
            (["--port", "70000"], "--port must be 0...65535"),
            (["--scale", "0.5"], "--scale must be between 1 and 10"),
            (["--force-protected", "video"], "--force-protected, --encrypted-rpcs and --certificate need --trust-ca"),
            (["--encrypted-rpcs", "SendHapticData"], "--force-protected, --encrypted-rpcs and --certificate need"),
            (["--trust-ca", "ca.pem", "--encrypted-rpcs", "SendHaptics"], "'SendHaptics' is not an RPC name"),
            (["--trust-ca", "ca.pem", "--force-protected", "rpc"], "--force-protected takes video and/or audio"),
            (["--certificate", "hu.pem"], "--certificate and --key go together"),
            (["--secondary-port", "70000"], "--secondary-port must be 0...65535"),
            (["--link-kbps", "0"], "--link-kbps takes 1...10000000 kbit/s, not 0."),
            (["--tls-version", "1.2"], "--tls-version, --without-tls-quirks and --ack-overwrites-finished need --trust-ca"),
            (["--trust-ca", "ca.pem", "--tls-version", "1.1"], "--tls-version takes 1.2 or 1.3, not '1.1'"),
            (["--trust-ca", "ca.pem", "--without-tls-quirks", "clocks"], "--without-tls-quirks takes encrypted-ack"),
        ])
    func validation(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.runOffPool(["headunit"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }

    @Test("Ctrl-C and SIGTERM stop the emulator and its viewer cleanly, as they stop stream, demo and project",
          arguments: [SIGINT, SIGTERM])
    func interrupt(signal: Int32) async throws {
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let headUnit = try ChildProcess.launch(
            executable: carwindow, arguments: ["headunit", "--port", "0", "--viewer", "--viewer-port", "0"])
        defer { headUnit.kill() }
        _ = try await headUnit.waitForLine("the viewer's URL", in: .stdout, timeout: .seconds(60)) {
            $0.hasPrefix("viewer: http://127.0.0.1:")
        }
        let status = await headUnit.stop(signal: signal, grace: .seconds(30))
        #expect(status == 0, "carwindow headunit did not end cleanly on signal \(signal):\n\(headUnit.tail())")
        #expect(headUnit.lines.contains { $0.text == "head unit stopped" }, "\(headUnit.tail())")
        #expect(
            !headUnit.lines.contains { $0.text.contains(" error ") }, "a clean stop logs no error:\n\(headUnit.tail())")
    }
}
