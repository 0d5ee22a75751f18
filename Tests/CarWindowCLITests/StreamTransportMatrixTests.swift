import BrowserTestSupport
import CarWindowTesting
import Foundation
import Testing

/// What works over TCP works over WebSocket, dialing (`--core ws://`) and as a cloud app (`--listen`): protected
/// video, audio beside it, a reconnect after the head unit drops the link, and the bitrate following a slow link.
/// Both sides are the real binaries; the recordings and the event logs are what is checked.
@Suite("carwindow stream over every WebSocket transport", .timeLimit(.minutes(4)))
struct StreamTransportMatrixTests {
    static let transports: [StreamSourceMatrixTests.Transport] = [.ws, .cloud]

    @Test("protected video: encrypted, decrypted and recorded by the head unit", arguments: transports)
    func protectedVideo(transport: StreamSourceMatrixTests.Transport) async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(\.appCertificate, \.appKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        try await StreamSourceMatrixTests.run(
            source: .pattern, transport: transport,
            headUnitArguments: ["--trust-ca", files.ca, "--force-protected", "video"],
            streamArguments: ["--certificate", files.certificate, "--key", files.key, "--duration", "600"],
            record: record
        ) { rig in
            let started = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(90)) {
                $0.contains(#""event":"videoStarted""#)
            }
            #expect(started.text.contains(#""encrypted":true"#), "\(started.text)")
            try await rig.headUnit.waitForLine("the head unit's video", in: .stdout, timeout: .seconds(30)) {
                $0.contains("first access unit")
            }
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(rig.stream.tail())")
            #expect(!rig.stream.lines.contains { $0.text.contains(#""event":"error""#) }, "\(rig.stream.tail())")
        }
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: record.path).first { $0.hasSuffix(".h264") })
        let summary = try await VideoProbe().summary(of: record.appendingPathComponent(recording))
        #expect(summary.frames > 0, "\(summary)")
    }

    @Test("audio beside the video: started, played to the end, recorded as 16 kHz PCM", arguments: transports)
    func audio(transport: StreamSourceMatrixTests.Transport) async throws {
        let directory = try StreamSourceMatrixTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let wav = directory.appendingPathComponent("prompt.wav")
        try await StreamSourceMatrixTests.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-ac", "2", wav.path,
        ])
        let record = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        try await StreamSourceMatrixTests.run(
            source: .pattern, transport: transport, streamArguments: ["--audio", wav.path, "--duration", "600"],
            record: record
        ) { rig in
            try await rig.stream.waitForLine("audioFinished", in: .stdout, timeout: .seconds(90)) {
                $0.contains(#""event":"audioFinished","item":1,"end":"completed""#)
            }
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(rig.stream.tail())")
        }
        let pcm = try FileManager.default.contentsOfDirectory(atPath: record.path).filter { $0.hasSuffix(".pcm") }
        let size = try pcm.first.map {
            try FileManager.default.attributesOfItem(atPath: record.appendingPathComponent($0).path)[.size] as? Int
        }
        // One second at 16 kHz, 16-bit, mono: the head unit's format.
        #expect(size == 32_000, "\(pcm)")
    }

    @Test("the head unit drops the link: the stream registers and streams again", arguments: transports)
    func reconnect(transport: StreamSourceMatrixTests.Transport) async throws {
        // A cloud app waits for the next call by itself; a dialing app needs --reconnect.
        let reconnect =
            transport == .cloud ? [] : ["--reconnect", "--reconnect-max-delay", "1", "--reconnect-attempts", "0"]
        try await StreamSourceMatrixTests.run(
            source: .pattern, transport: transport, streamArguments: ["--duration", "600"] + reconnect
        ) { rig in
            let first = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(90)) {
                $0.contains(#""event":"videoStarted""#)
            }
            let video = try await rig.headUnit.waitForLine("the head unit's video", in: .stdout, timeout: .seconds(30))
            {
                $0.contains("first access unit")
            }
            try rig.headUnit.send("drop 1")
            let reconnecting = try await rig.stream.waitForLine(
                "reconnecting", in: .stdout, after: first.number + 1, timeout: .seconds(30)
            ) { $0.contains(#""event":"reconnecting""#) }
            if transport == .cloud {
                try await rig.headUnit.waitForLine(
                    "not connected", in: .stdout, after: video.number + 1, timeout: .seconds(30)
                ) { $0.contains("cloud app swiftsdl-nav: not connected") }
                try rig.headUnit.send("activate swiftsdl-nav")
            }
            let registered = try await rig.stream.waitForLine(
                "registered again", in: .stdout, after: reconnecting.number + 1, timeout: .seconds(60)
            ) { $0.contains(#""event":"registered""#) }
            #expect(registered.text.contains(#""transport":"ws""#), "\(registered.text)")
            try await rig.stream.waitForLine(
                "videoStarted again", in: .stdout, after: registered.number + 1, timeout: .seconds(60)
            ) { $0.contains(#""event":"videoStarted""#) }
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(30)) == 0, "\(rig.stream.tail())")
            #expect(!rig.stream.lines.contains { $0.text.contains(#""event":"error""#) }, "\(rig.stream.tail())")
        }
    }

    @Test("a slow link (--link-bitrate 100k): the stream lowers its bitrate", arguments: transports)
    func bitrateFollowsTheLink(transport: StreamSourceMatrixTests.Transport) async throws {
        try await StreamSourceMatrixTests.run(
            source: .pattern, transport: transport, headUnitArguments: ["--link-bitrate", "100k"],
            streamArguments: ["--bitrate", "2M", "--duration", "600"]
        ) { rig in
            let lowered = try await rig.stream.waitForLine("a lowered bitrate", in: .stdout, timeout: .seconds(120)) {
                $0.contains(#""event":"bitrate""#) && $0.contains(#""reason":"congested""#)
            }
            let object = try JSONSerialization.jsonObject(with: Data(lowered.text.utf8)) as? [String: Any]
            let bitrate = try #require(object?["bitrate"] as? Int, "\(lowered.text)")
            let previous = try #require(object?["previous"] as? Int, "\(lowered.text)")
            #expect(bitrate < previous, "\(lowered.text)")
        }
    }
}
