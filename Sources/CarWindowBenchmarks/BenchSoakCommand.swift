import ArgumentParser
import CarWindowTestingTools
import Foundation
import HeadUnit
import SDLProjection
import SDLStreaming

/// `carwindow bench soak`: a long projection into the emulator, checked frame by frame, with the process's memory
/// and file descriptors sampled (docs/lab/reliability.md records a one-hour run).
struct BenchSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Stream a moving pattern into the emulator for a long time; check every frame arrives and decodes.",
        discussion: """
            Starts the head-unit emulator in this process and projects the moving test pattern (with its frame \
            counter) into it over TCP and RTP at 800x480, 30 fps. Every 10 s it prints this process's resident \
            memory, open file descriptors, threads and CPU time. At the end it checks that:

              - every frame the app's video manager counts as sent reached the emulator as an access unit;
              - the RTP stream on the wire has no sequence gap, no damaged unit and no timestamp going backwards;
              - ffprobe decodes every access unit of the emulator's recording.

            It exits with status 1 if any check fails (CI runs 60 s). Needs ffprobe (Debian package ffmpeg).

            Examples:
              carwindow bench soak --duration 60
              nice -n 10 carwindow bench soak --duration 3600 > soak.txt
            """
    )

    @Option(help: "Seconds to stream.")
    var duration = 60.0

    @Option(help: "Seconds between two samples of memory and file descriptors.")
    var interval = 10.0

    @Option(help: "Keep the recording here instead of a temporary directory that is removed at the end.")
    var record: String?

    func validate() throws {
        guard duration >= 1, duration <= 86_400 else {
            throw ValidationError("--duration must be 1...86400 seconds, not \(duration).")
        }
        guard interval >= 1, interval <= 3600 else {
            throw ValidationError("--interval must be 1...3600 seconds, not \(interval).")
        }
    }

    func run() async throws {
        let say = BenchRig.say
        #if DEBUG
            say("warning: this is a debug build; build with -c release for the recorded figures")
        #endif
        let directory = try record ?? RecordingDirectory.makeTemporary(prefix: "carwindow-soak")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if record == nil { try? FileManager.default.removeItem(atPath: directory) } }

        let (emulator, port) = try await BenchRig.emulator(port: 0, recordDirectory: directory)
        let check = Task { await BenchStreamCheck.run(await emulator.receivedFrames()) }
        let ledger = BenchEmulatorLedger()
        let reader = Task { await ledger.consume(await emulator.events()) }
        let streaming = BenchRig.pattern(name: "Soak", port: port, policy: .fail)

        say(
            "carwindow bench soak: pattern 800x480 at 30 fps over RTP into the emulator on 127.0.0.1:\(port) for "
                + "\(BenchTable.format(duration, 0)) s; samples every \(BenchTable.format(interval, 0)) s")
        let start = BenchProcessSample.now()
        say(start.line(since: start))
        let sampler = Task { [interval] in
            var samples = [start]
            var next = start.time
            while !Task.isCancelled {
                next = next.advanced(by: .milliseconds(Int64(interval * 1000)))
                do { try await Task.sleep(until: next, clock: .continuous) } catch { break }
                let sample = BenchProcessSample.now()
                samples.append(sample)
                BenchRig.say(sample.line(since: start))
            }
            return samples
        }
        let timer = Task { [duration] in
            // Cancelled when the run ends early (a failure): then there is nothing to stop.
            guard (try? await Task.sleep(for: .milliseconds(Int64(duration * 1000)))) != nil else { return }
            try? await streaming.stop()
        }
        var failures: [String] = []
        do throws(ProjectionFailure) {
            try await streaming.run(source: BenchRig.patternSource())
        } catch {
            failures.append("the projection failed: \(error.message)")
        }
        timer.cancel()
        sampler.cancel()
        let samples = await sampler.value
        let statistics = await streaming.videoManager.statistics
        // The emulator counts the service's access units when the app's EndService arrives.
        let stopped = await ledger.waitForStoppedServices(count: 1, seconds: 10)
        let errors = await ledger.errors
        await emulator.stop()
        let wire = await check.value
        await reader.value

        let stoppedSample = BenchProcessSample.now()
        say("")
        Self.printSpread(samples)
        say("after the projection and the emulator stopped: \(stoppedSample.line(since: start))")
        say(
            "app: \(statistics.framesSent) frames sent, \(statistics.framesDropped) dropped before the encoder, "
                + "\(statistics.framesSkippedByEncoder) skipped by the encoder, \(statistics.bytesSent) bytes")
        let received = stopped.reduce(0, +)
        say("emulator: \(received) access units received in \(stopped.count) video service(s)")
        if received != statistics.framesSent {
            failures.append("the app sent \(statistics.framesSent) frames, the emulator received \(received)")
        }
        for (app, report) in wire.sorted(by: { $0.key < $1.key }) {
            say("wire (\(app)): \(report)")
            if !report.isWhole { failures.append("the RTP stream of \(app) is not whole: \(report)") }
            if report.accessUnits != statistics.framesSent {
                failures.append(
                    "the wire carried \(report.accessUnits) access units, the app sent \(statistics.framesSent)")
            }
        }
        if wire.isEmpty { failures.append("no video reached the emulator") }
        for error in errors { failures.append("the emulator reported: \(error)") }
        let decoded = await Self.decode(directory: directory)
        say("decoded: \(decoded.summary)")
        if let failure = decoded.failure { failures.append(failure) }
        if decoded.frames != received {
            failures.append("ffprobe decoded \(decoded.frames) of \(received) access units")
        }

        if failures.isEmpty {
            say("result: PASS, \(statistics.framesSent) frames sent, received in order and decoded, none lost")
        } else {
            for failure in failures { say("result: FAIL, \(failure)") }
            throw ExitCode.failure
        }
    }

    /// How RSS and file descriptors moved while streaming: from the second sample (the first is taken before the
    /// encoder and the emulator's buffers exist) to the last, and their range.
    private static func printSpread(_ samples: [BenchProcessSample]) {
        guard samples.count >= 3 else {
            BenchRig.say("too short for a spread: run at least two sample intervals")
            return
        }
        let settled = samples[1]
        let last = samples[samples.count - 1]
        let rss = samples.dropFirst().map(\.residentKiB)
        let fds = samples.dropFirst().map(\.openFiles)
        let growth = last.residentKiB - settled.residentKiB
        let seconds = settled.time.duration(to: last.time).components.seconds
        BenchRig.say(
            "RSS grew \(growth) KiB over \(seconds) s (\(settled.residentKiB) -> \(last.residentKiB) KiB; range "
                + "\(rss.min() ?? 0)...\(rss.max() ?? 0) KiB); fds \(settled.openFiles) -> \(last.openFiles) (range "
                + "\(fds.min() ?? 0)...\(fds.max() ?? 0)); threads \(settled.threads) -> \(last.threads)")
    }

    /// Decodes every recording in `directory` with ffprobe.
    private static func decode(directory: String) async -> (frames: Int, summary: String, failure: String?) {
        var frames = 0
        var lines: [String] = []
        let files = RecordingDirectory.videos(in: directory)
        guard !files.isEmpty else { return (0, "no recording", "the emulator recorded no video") }
        for file in files {
            do {
                let summary = try await VideoProbe().summary(of: URL(fileURLWithPath: directory + "/" + file))
                frames += summary.frames
                lines.append("\(file): \(summary)")
            } catch {
                return (frames, lines.joined(separator: "; "), "cannot decode \(file): \(error)")
            }
        }
        return (frames, lines.joined(separator: "; "), nil)
    }
}
