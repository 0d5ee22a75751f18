import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import Testing

/// `carwindow stream --listen ws://...` as a cloud app and `carwindow headunit --cloud-app` dialing it on `activate`,
/// as SDL Core dials a cloud app's policy endpoint: the token arrives (and is never printed), the video is recorded
/// and decodes, a dropped connection is served again on the next activation, SIGINT ends both cleanly.
@Suite("carwindow stream --listen (cloud app)", .timeLimit(.minutes(4)))
struct StreamCloudAppTests {
    @Test(
        "activate dials the listening stream: registered over ws with the token, video decodes, served again after a drop"
    )
    func cloudAppStreams() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-cloud-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let stream = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--listen", "ws://127.0.0.1:0", "--app-id", "swiftsdl-nav", "--fps", "10", "--events", "-",
                // Ended by SIGINT below, not by --duration: a busy machine may take longer than any fixed run.
                "--duration", "300",
            ])
        defer { stream.kill() }
        let port = try await StreamSourceMatrixTests.cloudPort(of: stream)
        let headUnit = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "headunit", "--port", "0", "--record", directory.path, "--cloud-app",
                "swiftsdl-nav=ws://127.0.0.1:\(port),auth=fleet-7-secret",
            ], withInput: true)
        defer { headUnit.kill() }
        _ = try await StreamReconnectTests.listeningPort(of: headUnit)

        var after = 0
        var headUnitAfter = 0
        for round in 1...2 {
            try headUnit.send("activate swiftsdl-nav")
            let registered = try await stream.waitForLine(
                "round \(round): registered", in: .stdout, after: after, timeout: .seconds(60)
            ) { $0.contains(#""event":"registered""#) }
            #expect(
                registered.text.hasSuffix(#","transport":"ws","authToken":"received"}"#), "\(registered.text)")
            let started = try await stream.waitForLine(
                "round \(round): videoStarted", in: .stdout, after: registered.number + 1, timeout: .seconds(60)
            ) { $0.contains(#""event":"videoStarted""#) }
            let video = try await headUnit.waitForLine(
                "round \(round): the head unit's video", in: .stdout, after: headUnitAfter, timeout: .seconds(30)
            ) { $0.contains("first access unit") }
            headUnitAfter = video.number + 1
            after = started.number + 1
            if round == 1 {
                // The car drops the link (the driver leaves the app, a tunnel): the app waits for the next call.
                try headUnit.send("drop 1")
                let reconnecting = try await stream.waitForLine(
                    "reconnecting", in: .stdout, after: after, timeout: .seconds(30)
                ) { $0.contains(#""event":"reconnecting""#) }
                after = reconnecting.number + 1
                // The next activation dials again once the head unit has seen the link end.
                let notConnected = try await headUnit.waitForLine(
                    "the cloud app not connected", in: .stdout, after: headUnitAfter, timeout: .seconds(30)
                ) { $0.contains("cloud app swiftsdl-nav: not connected") }
                headUnitAfter = notConnected.number + 1
            }
        }

        #expect(await stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(stream.tail())")
        #expect(await headUnit.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(headUnit.tail())")
        // The token is a secret: neither side prints it.
        for line in stream.lines + headUnit.lines { #expect(!line.text.contains("fleet-7-secret"), "\(line.text)") }
        let stdout = stream.lines.filter { $0.stream == .stdout }.map(\.text)
        #expect(!stdout.contains { $0.contains(#""event":"error""#) }, "\(stream.tail())")
        let schema = try EventSchemaTests.documentedSchema()
        for line in stdout where line.hasPrefix("{") {
            #expect(EventSchemaTests.problems(line, schema).isEmpty, "\(line)")
        }
        let recordings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".h264") }.sorted()
        #expect(recordings.count == 2, "\(recordings)")
        for recording in recordings {
            let summary = try await VideoProbe().summary(of: directory.appendingPathComponent(recording))
            #expect(summary.frames > 0, "\(recording): \(summary)")
        }
    }

    @Test("over wss: the head unit checks the app's certificate against its --cloud-app CA; the recording decodes")
    func secureCloudApp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-wss-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recordings = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let files = try await WebSocketTLSMaterial.make(in: directory)
        let carwindow = BinaryRunner.productsDirectory.appendingPathComponent("carwindow")
        let stream = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "stream", "--listen", "wss://127.0.0.1:0", "--websocket-certificate", files.headUnit.path,
                "--websocket-key", files.headUnitKey.path, "--app-id", "swiftsdl-nav", "--fps", "10",
                "--events", "-", "--duration", "300",
            ])
        defer { stream.kill() }
        let listening = try await stream.waitForLine("the listening line", in: .stderr, timeout: .seconds(60)) {
            $0.contains("listening on wss://127.0.0.1:")
        }
        let port = try #require(
            listening.text.split(separator: "wss://127.0.0.1:").last.flatMap { Int($0.prefix(while: \.isNumber)) },
            "\(listening.text)")
        let headUnit = try ChildProcess.launch(
            executable: carwindow,
            arguments: [
                "headunit", "--port", "0", "--record", recordings.path, "--cloud-app",
                "swiftsdl-nav=wss://127.0.0.1:\(port),auth=t,ca=\(files.ca.path)",
            ], withInput: true)
        defer { headUnit.kill() }
        _ = try await StreamReconnectTests.listeningPort(of: headUnit)
        try headUnit.send("activate swiftsdl-nav")
        let registered = try await stream.waitForLine("registered", in: .stdout, timeout: .seconds(60)) {
            $0.contains(#""event":"registered""#)
        }
        #expect(registered.text.contains(#""transport":"wss""#), "\(registered.text)")
        try await stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
            $0.contains(#""event":"videoStarted""#)
        }
        try await headUnit.waitForLine("the head unit's video", in: .stdout, timeout: .seconds(30)) {
            $0.contains("first access unit")
        }
        #expect(await stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(stream.tail())")
        #expect(await headUnit.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(headUnit.tail())")
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: recordings.path).first { $0.hasSuffix(".h264") })
        let summary = try await VideoProbe().summary(of: recordings.appendingPathComponent(recording))
        #expect(summary.frames > 0, "\(summary)")
    }

    @Test("--listen and --core together, and --listen with a TCP address, exit 64 and say what to write")
    func badListen() async throws {
        let both = try await BinaryRunner.runOffPool([
            "stream", "--app-id", "x", "--core", "127.0.0.1:12345", "--listen", "ws://127.0.0.1:8080",
        ])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"), "\(both.stderr)")
        let tcp = try await BinaryRunner.runOffPool(["stream", "--app-id", "x", "--listen", "127.0.0.1:8080"])
        #expect(tcp.status == 64)
        #expect(tcp.stderr.contains("--listen takes a WebSocket address"), "\(tcp.stderr)")
        let secure = try await BinaryRunner.runOffPool(["stream", "--app-id", "x", "--listen", "wss://127.0.0.1:8443"])
        #expect(secure.status == 64)
        #expect(secure.stderr.contains("--websocket-certificate"), "\(secure.stderr)")
    }
}
