import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow stream --core ws://...` into `carwindow headunit --websocket-port`: the same run as over TCP.
@Suite("carwindow stream over WebSocket", .timeLimit(.minutes(3)))
struct StreamWebSocketTests {
    @Test("--core ws://127.0.0.1:PORT streams into --websocket-port: exit 0, videoStarted, the recording decodes")
    func streamsOverWebSocket() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-ws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try await Self.withWebSocketHeadUnit(record: directory) { port in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "ws://127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--duration", "3",
                "--events", "-",
            ])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The transport the app came in on is on its registered line.
        #expect(
            lines.contains { $0.contains(#""event":"registered""#) && $0.hasSuffix(#","transport":"ws"}"#) },
            "\(result.stdout)")
        #expect(lines.contains { $0.contains(#""event":"videoStarted","width":800,"height":480"#) }, "\(result.stdout)")
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".h264") })
        let summary = try await VideoProbe().summary(of: directory.appendingPathComponent(recording))
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
        #expect(summary.frames > 0, "\(summary)")
    }

    @Test(
        "--core wss:// with the app's certificate streams into a TLS --websocket-port: transport wss, the recording decodes"
    )
    func streamsOverWebSocketTLS() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-wss-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recordings = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let files = try await WebSocketTLSMaterial.make(in: directory)
        let serverTLS = [
            "--websocket-certificate", files.headUnit.path, "--websocket-key", files.headUnitKey.path,
            "--websocket-ca", files.ca.path,
        ]
        let (good, untrusted) = try await Self.withWebSocketHeadUnit(record: recordings, extra: serverTLS) { port, _ in
            let good = try await BinaryRunner.runOffPool([
                "stream", "--core", "wss://127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--duration", "3",
                "--websocket-ca", files.ca.path, "--websocket-certificate", files.app.path,
                "--websocket-key", files.appKey.path, "--events", "-",
            ])
            // A head unit whose certificate chains to a CA the app does not trust: an error, not a hang.
            let untrusted = try await BinaryRunner.runOffPool([
                "stream", "--core", "wss://127.0.0.1:\(port)", "--app-id", "swiftsdl-nav", "--duration", "3",
                "--websocket-ca", files.otherCA.path, "--websocket-certificate", files.app.path,
                "--websocket-key", files.appKey.path, "--events", "-",
            ])
            return (good, untrusted)
        }
        #expect(good.status == 0, "\(good.stderr)")
        let lines = good.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.contains(#""event":"registered""#) && $0.hasSuffix(#","transport":"wss"}"#) },
            "\(good.stdout)")
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: recordings.path).first { $0.hasSuffix(".h264") })
        let summary = try await VideoProbe().summary(of: recordings.appendingPathComponent(recording))
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
        #expect(summary.frames > 0, "\(summary)")
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("TLS failed"), "\(untrusted.stderr)")
    }

    @Test("--core ws:// at the TCP port (no WebSocket server there) exits 1 with an error line, not a hang")
    func upgradeRefusedByTCPServer() async throws {
        let result = try await Self.withWebSocketHeadUnit(record: nil) { _, tcpPort in
            try await BinaryRunner.runOffPool([
                "stream", "--core", "ws://127.0.0.1:\(tcpPort)", "--app-id", "swiftsdl-nav", "--events", "-",
            ])
        }
        #expect(result.status == 1)
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains(#""event":"error""#), "stdout: \(result.stdout)")
        #expect(result.stderr.contains("carwindow stream:"), "\(result.stderr)")
    }

    @Test(
        "malformed ws:// addresses are refused with exit 64 and what to write",
        arguments: [
            ("ws://127.0.0.1", "needs a port"), ("wss://127.0.0.1", "needs a port"),
            ("http://127.0.0.1:2020", "is not a ws:// or wss:// URL"),
        ])
    func badAddresses(address: String, message: String) async throws {
        let result = try await BinaryRunner.runOffPool(["stream", "--app-id", "x", "--core", address])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// `carwindow headunit --port 0 --websocket-port 0` as a child process for `body` (given the WebSocket port),
    /// stopped with SIGINT afterwards, which flushes its recordings.
    static func withWebSocketHeadUnit<T>(record: URL?, _ body: (Int) async throws -> T) async throws -> T {
        try await withWebSocketHeadUnit(record: record) { webSocket, _ in try await body(webSocket) }
    }

    /// The same, with both ports: the WebSocket one and the TCP one.
    static func withWebSocketHeadUnit<T>(
        record: URL?, extra: [String] = [], _ body: (Int, Int) async throws -> T
    ) async throws -> T {
        var arguments = ["headunit", "--port", "0", "--websocket-port", "0"] + extra
        if let record { arguments += ["--record", record.path] }
        let headUnit = try ChildProcess.launch(
            executable: BinaryRunner.productsDirectory.appendingPathComponent("carwindow"), arguments: arguments)
        defer { headUnit.kill() }
        let listening = try await headUnit.waitForLine("the listening line", in: .stdout, timeout: .seconds(40)) {
            $0.hasPrefix("carwindow head unit listening on ")
        }
        let webSocket = try await headUnit.waitForLine("the WebSocket line", in: .stdout, timeout: .seconds(40)) {
            $0.hasPrefix("WebSocket apps on ws")
        }
        guard let tcpPort = Self.port(in: listening.text.dropFirst("carwindow head unit listening on ".count)),
            let webSocketPort = Self.port(in: webSocket.text.split(separator: "://").last ?? "")
        else { throw HarnessError("no ports in '\(listening.text)' and '\(webSocket.text)'") }
        let result = try await body(webSocketPort, tcpPort)
        let status = await headUnit.stop(signal: SIGINT, grace: .seconds(20))
        #expect(status == 0, "carwindow headunit did not end cleanly on SIGINT; its last lines:\n\(headUnit.tail())")
        return result
    }

    /// The port of "HOST:PORT ..." .
    private static func port(in text: Substring) -> Int? {
        text.prefix { $0 != " " }.split(separator: ":").last.flatMap { Int($0) }
    }
}
