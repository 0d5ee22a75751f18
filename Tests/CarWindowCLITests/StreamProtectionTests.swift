import BrowserTestSupport
import CarWindowTesting
import Foundation
import SDLSecurityOpenSSL
import Testing

/// `carwindow stream --certificate --key` against `carwindow headunit --trust-ca --force-protected video` (with SDL
/// Core's TLS behaviour), both as processes: protected video from the command line, for every kind of source.
@Suite("carwindow stream with protected video", .timeLimit(.minutes(3)))
struct StreamProtectionTests {
    @Test(
        "a certificate naming the app streams encrypted video that the head unit decrypts and records",
        arguments: [StreamSourceMatrixTests.Source.pattern, .demo])
    func protectedVideo(source: StreamSourceMatrixTests.Source) async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(\.appCertificate, \.appKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        try await StreamSourceMatrixTests.run(
            source: source, headUnitArguments: ["--trust-ca", files.ca, "--force-protected", "video"],
            streamArguments: ["--certificate", files.certificate, "--key", files.key, "--duration", "5"],
            record: record
        ) { rig in
            let started = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            #expect(started.text.contains(#""encrypted":true"#), "\(started.text)")
            #expect(try await rig.stream.waitForExit(timeout: .seconds(60)) == 0, "\(rig.stream.tail())")
            #expect(!rig.stream.lines.contains { $0.text.contains(#""event":"error""#) }, "\(rig.stream.tail())")
        }
        let recordings = try FileManager.default.contentsOfDirectory(atPath: record.path).filter {
            $0.hasSuffix(".h264")
        }
        let file = try #require(recordings.first.map { record.appendingPathComponent($0) })
        let summary = try await VideoProbe().summary(of: file)
        #expect((summary.width, summary.height) == (800, 480), "\(summary)")
        #expect(summary.frames > 0, "\(summary)")
    }

    @Test("a certificate naming another app is refused: exit 1, and the reason names the app id")
    func mismatchedCertificate() async throws {
        let (material, directory, files) = try await StreamProtectionTests.pemFiles(
            \.mismatchedCertificate, \.mismatchedKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await StreamSourceMatrixTests.run(
            source: .pattern, headUnitArguments: ["--trust-ca", files.ca, "--force-protected", "video"],
            streamArguments: ["--certificate", files.certificate, "--key", files.key, "--duration", "60"]
        ) { rig in
            let reason = try await StreamProtectionTests.refusal(of: rig, within: .seconds(60))
            #expect(reason.contains(material.appID), "\(reason)")
        }
    }

    /// The test material, a temporary directory (the caller removes it) and, in it, the CA and the certificate and
    /// key the key paths pick as PEM files.
    static func pemFiles(
        _ certificate: KeyPath<TestMaterial, TestMaterial.PEM>, _ key: KeyPath<TestMaterial, TestMaterial.PEM>
    ) async throws -> (TestMaterial, URL, (ca: String, certificate: String, key: String)) {
        let material = try await TestMaterial.loaded()
        let directory = try StreamSourceMatrixTests.temporaryDirectory()
        do {
            let files = try write(
                material, certificate: material[keyPath: certificate],
                key: material[keyPath: key], in: directory)
            return (material, directory, files)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// A refused run, as the exit-code rule wants it: `carwindow stream` exits 1 within `deadline` with exactly one
    /// line on standard error, its reason, which it returns, and the `--events` output ends with the `error` line.
    static func refusal(of rig: StreamSourceMatrixTests.Rig, within deadline: Duration) async throws -> String {
        let status = try await rig.stream.waitForExit(timeout: deadline)
        #expect(status == 1, "\(rig.stream.tail())")
        let stderr = rig.stream.lines.filter { $0.stream == .stderr }.map(\.text)
        #expect(stderr.count == 1, "\(stderr)")
        #expect(rig.stream.lines.last { $0.stream == .stdout }?.text.contains(#""event":"error""#) == true)
        return stderr.first ?? ""
    }

    /// The CA, the certificate and the key as PEM files, for the two commands' options.
    static func write(
        _ material: TestMaterial, certificate: TestMaterial.PEM, key: TestMaterial.PEM, in directory: URL
    ) throws -> (ca: String, certificate: String, key: String) {
        func file(_ pem: TestMaterial.PEM, _ name: String) throws -> String {
            guard case .data(let bytes) = pem else {
                throw HarnessError("\(name) is not in memory")
            }
            let url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
        return (try file(material.ca, "ca.pem"), try file(certificate, "app.pem"), try file(key, "app.key"))
    }
}

/// SDL Core 8.2's TLS 1.3 race (`carwindow headunit --ack-overwrites-finished always`) and the failure paths of
/// `--protected`, through the two commands as processes.
@Suite("carwindow stream against Core's TLS race and refusals", .timeLimit(.minutes(3)))
struct StreamProtectionFailureTests {
    @Test(
        "Core's TLS 1.3 race on every start: the default --tls-max 1.2 streams encrypted video",
        arguments: [StreamSourceMatrixTests.Source.pattern, .demo])
    func raceAvoided(source: StreamSourceMatrixTests.Source) async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(\.appCertificate, \.appKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await StreamSourceMatrixTests.run(
            source: source,
            headUnitArguments: [
                "--trust-ca", files.ca, "--force-protected", "video", "--ack-overwrites-finished", "always",
            ],
            streamArguments: ["--certificate", files.certificate, "--key", files.key, "--duration", "4"]
        ) { rig in
            let started = try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            #expect(started.text.contains(#""encrypted":true"#), "\(started.text)")
            let status = try await rig.stream.waitForExit(timeout: .seconds(60))
            #expect(status == 0, "\(rig.stream.tail())")
            #expect(!rig.stream.lines.contains { $0.text.contains(#""event":"error""#) }, "\(rig.stream.tail())")
        }
    }

    @Test("--tls-max 1.3 against the race: exit 1 with a reason that names the handshake, and the service is ended")
    func raceLost() async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(\.appCertificate, \.appKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("headunit.jsonl")
        try await StreamSourceMatrixTests.run(
            source: .pattern,
            headUnitArguments: [
                "--trust-ca", files.ca, "--force-protected", "video", "--ack-overwrites-finished", "always",
                "--events", events.path,
            ],
            streamArguments: [
                "--certificate", files.certificate, "--key", files.key, "--tls-max", "1.3", "--duration", "120",
            ]
        ) { rig in
            let reason = try await StreamProtectionTests.refusal(of: rig, within: .seconds(90))
            #expect(reason.contains("TLS handshake failed"), "\(reason)")
            #expect(reason.contains("encrypted StartServiceACK"), "\(reason)")
            #expect(!reason.contains("timed out waiting for StartServiceACK"), "\(reason)")
        }
        #expect(try Self.appSentEndService(video: events), "the app ended the service it could not protect")
    }

    @Test("--protected preferred says why it fell back: the head unit's certificate refusal")
    func fallbackSaysWhy() async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(
            \.mismatchedCertificate, \.mismatchedKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await StreamSourceMatrixTests.run(
            source: .pattern, headUnitArguments: ["--trust-ca", files.ca],
            streamArguments: [
                "--certificate", files.certificate, "--key", files.key, "--protected", "preferred", "--duration", "4",
            ]
        ) { rig in
            let error = try await rig.stream.waitForLine("the error line", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"error""#)
            }
            #expect(error.text.contains("the video is not protected"), "\(error.text)")
            #expect(error.text.contains("App ID does not match certificate"), "\(error.text)")
            let status = try await rig.stream.waitForExit(timeout: .seconds(60))
            #expect(status == 0, "\(rig.stream.tail())")
        }
    }

    @Test("--protected preferred, refused protected and then refused in the clear: exit 1 with both reasons")
    func bothRefused() async throws {
        let (_, directory, files) = try await StreamProtectionTests.pemFiles(
            \.mismatchedCertificate, \.mismatchedKey)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await StreamSourceMatrixTests.run(
            source: .pattern, headUnitArguments: ["--trust-ca", files.ca, "--force-protected", "video"],
            streamArguments: [
                "--certificate", files.certificate, "--key", files.key, "--protected", "preferred", "--duration", "60",
            ]
        ) { rig in
            let reason = try await StreamProtectionTests.refusal(of: rig, within: .seconds(60))
            #expect(reason.contains("App ID does not match certificate"), "\(reason)")
            #expect(reason.contains("Allowed only in protected mode"), "\(reason)")
        }
    }

    /// Whether the emulator's event log has the app's EndService for video (control frame, info 0x04, service 11).
    static func appSentEndService(video log: URL) throws -> Bool {
        let text = try String(contentsOf: log, encoding: .utf8)
        return text.split(separator: "\n").contains { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["dir"] as? String == "app->core", let header = object["header"] as? [String: Any]
            else { return false }
            return header["frameType"] as? Int == 0 && header["frameInfo"] as? Int == 4
                && header["serviceType"] as? Int == 11
        }
    }
}
