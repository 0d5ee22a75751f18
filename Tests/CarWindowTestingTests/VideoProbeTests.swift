import CarWindowTesting
import Foundation
import Testing

@Suite("VideoProbe", .timeLimit(.minutes(3)))
struct VideoProbeTests {
    @Test(
        "an encoded clip: its size and every frame, and its H.264 profile",
        arguments: [(320, 240, 12), (176, 144, 5)])
    func clip(width: Int, height: Int, count: Int) async throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let units = try SyntheticClip.accessUnits(width: width, height: height, count: count)
        #expect(units.count == count)
        let file = directory.appendingPathComponent("clip.h264")
        try Data(units.flatMap { $0 }).write(to: file)

        let probe = VideoProbe()
        #expect(try await probe.summary(of: file) == VideoSummary(width: width, height: height, frames: count))
        let entries = try await probe.streamEntries(["codec_name", "profile"], of: file)
        #expect(entries == ["codec_name": "h264", "profile": "Constrained Baseline"])
    }

    @Test("a file that is not there is .fileMissing, naming the path")
    func missingFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).h264")
        let error = await #expect(throws: CarWindowTestingError.self) { try await VideoProbe().summary(of: file) }
        #expect(error?.kind == .fileMissing)
        #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
    }

    @Test("no ffprobe where it is looked for is .toolMissing, saying what to install")
    func missingTool() async throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip.h264")
        try Data(SyntheticClip.accessUnits(count: 1).flatMap { $0 }).write(to: file)
        let probe = VideoProbe(executable: directory.appendingPathComponent("ffprobe"))
        let error = await #expect(throws: CarWindowTestingError.self) { try await probe.summary(of: file) }
        #expect(error?.kind == .toolMissing)
        #expect(error?.description.contains("apt-get install ffmpeg") == true, "\(String(describing: error))")
    }

    @Test("ffprobe failing on bytes that are not video is .toolFailed or .unexpectedOutput, never a summary")
    func notVideo() async throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("text.h264")
        try Data("this is not H.264\n".utf8).write(to: file)
        let error = await #expect(throws: CarWindowTestingError.self) { try await VideoProbe().summary(of: file) }
        #expect(error?.kind == .toolFailed || error?.kind == .unexpectedOutput, "\(String(describing: error))")
    }

    @Test("a tool that exits with an error is .toolFailed with its exit status")
    func failingTool() async throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip.h264")
        try Data([0, 0, 0, 1]).write(to: file)
        let error = await #expect(throws: CarWindowTestingError.self) {
            try await VideoProbe(executable: URL(fileURLWithPath: "/bin/false")).summary(of: file)
        }
        #expect(error?.kind == .toolFailed)
        #expect(error?.description.contains("exited 1") == true, "\(String(describing: error))")
    }

    @Test("cancelling the awaiting task terminates a tool that would run for minutes")
    func cancellation() async throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip.h264")
        try Data([0, 0, 0, 1]).write(to: file)
        let script = directory.appendingPathComponent("slow-ffprobe")
        try Data("#!/bin/sh\nexec sleep 600\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let probing = Task { try await VideoProbe(executable: script).summary(of: file) }
        probing.cancel()
        // Within the suite's time limit only if the tool was terminated; it is, so the run fails as killed.
        let result = await probing.result
        #expect(throws: CarWindowTestingError.self) { try result.get() }
    }
}
