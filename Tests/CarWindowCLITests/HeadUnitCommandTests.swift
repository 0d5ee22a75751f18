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
            "--host <host>", "--port <port>", "--resolution <widthxheight>", "--scale <scale>", "--formats <formats>",
            "--preferred-fps <preferred-fps>", "--max-bitrate <bitrate>", "--record <directory>",
            "--events <events>", "--trust-ca <trust-ca>", "--certificate <certificate>", "--key <key>",
            "--force-protected <force-protected>", "--encrypted-rpcs <encrypted-rpcs>",
            "--secondary-port <secondary-port>", "--tls-version <tls-version>",
            "--without-tls-quirks <without-tls-quirks>", "--link-bitrate <bitrate>", "--viewer/--no-viewer",
            "--protocol-version <version>", "--ack-overwrites-finished <ack-overwrites-finished>",
            "--websocket-port <websocket-port>",
            "--buttons <list>", "--no-touch", "--cloud-app <id=ws://host:port[,auth=token][,ca=file]>",
        ]
        for option in options {
            #expect(result.stdout.contains("  \(option)"), "help lacks \(option)")
        }
        // Every enumerated option lists its values (ArgumentParser wraps them at 80 columns, so compare unwrapped).
        let unwrapped = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        for values in [
            "(values: H264:RAW, H264:RTP; default: H264:RAW,H264:RTP)", "(values: video, audio)", "(values: 1.2, 1.3)",
            "(values: encrypted-ack, ack-before-finished, tls13, app-id, clock, nak-reason, all)",
            "(values: always, never, 0...1)",
        ] {
            #expect(unwrapped.contains(values), "help lacks \(values)")
        }
    }

    @Test(
        "invalid options are refused with a message that says what to write",
        arguments: [
            (["--resolution", "800"], "size '800' is not WIDTHxHEIGHT"),
            (
                ["--formats", "H264"],
                "The value 'H264' is invalid for '--formats <formats>'. Please provide one of 'H264:RAW' and 'H264:RTP'."
            ),
            (["--max-bitrate", "2000"], "--max-bitrate is in bit/s (with k or M) and must be at least 64k"),
            (["--max-bitrate", "2m"], "write Mbit/s with a capital M"),
            (["--link-bitrate", "fast"], "'fast' is not a bit rate: give bit/s with an optional k or M"),
            (["--link-bitrate", "500"], "--link-bitrate takes 1k...10000000k"),
            (["--protocol-version", "6.0.0"], "give MAJOR.MINOR.PATCH from 1 to 5, e.g. 4.3.0"),
            (["--port", "70000"], "--port must be 0...65535"),
            (["--scale", "0.5"], "--scale must be between 1 and 10"),
            (["--force-protected", "video"], "--force-protected, --encrypted-rpcs and --certificate need --trust-ca"),
            (["--encrypted-rpcs", "SendHapticData"], "--force-protected, --encrypted-rpcs and --certificate need"),
            (["--trust-ca", "ca.pem", "--encrypted-rpcs", "SendHaptics"], "'SendHaptics' is not an RPC name"),
            (["--trust-ca", "ca.pem", "--force-protected", "video,rpc"], "Please provide one of 'video' and 'audio'."),
            (["--certificate", "hu.pem"], "--certificate and --key go together"),
            (["--secondary-port", "70000"], "--secondary-port must be 0...65535"),
            (
                ["--tls-version", "1.2"],
                "--tls-version, --without-tls-quirks and --ack-overwrites-finished need --trust-ca"
            ),
            (["--trust-ca", "ca.pem", "--tls-version", "1.1"], "Please provide one of '1.2' and '1.3'."),
            (
                ["--trust-ca", "ca.pem", "--without-tls-quirks", "clocks"],
                "Please provide one of the following:\n  - encrypted-ack"
            ),
            (
                ["--trust-ca", "ca.pem", "--ack-overwrites-finished", "2"],
                "Please provide one of 'always', 'never' or '0...1'."
            ),
        ])
    func validation(arguments: [String], message: String) async throws {
        let result = try await BinaryRunner.runOffPool(["headunit"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }

    @Test(
        "Ctrl-C and SIGTERM stop the emulator and its viewer cleanly, as they stop stream, demo and project",
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
