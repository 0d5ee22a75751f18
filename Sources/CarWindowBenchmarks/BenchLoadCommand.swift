import ArgumentParser
import Foundation
import HeadUnit
import SDLProjection
import SDLStreaming

/// `carwindow bench load`: many apps streaming into one emulator, and many projections in one process
/// (docs/lab/reliability.md records the figures).
struct BenchLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Many apps streaming into one emulator; many projections in one process.",
        discussion: """
            1. The emulator's load: the head-unit emulator runs in this process and --apps child processes \
            (`carwindow stream --source pattern --protocol rtp --fps 30`) stream 800x480 into it for --duration \
            seconds. It prints the access units received per app (and per second), any loss on the wire (RTP \
            sequence gaps, damaged or reordered units) and the emulator's CPU (getrusage of this process, which \
            holds only the emulator), and the apps' CPU (getrusage of the children).
            2. The app side: --projections pattern projections in this one process stream into one emulator for \
            --duration seconds: frames sent, skipped by the encoder and received per projection, any loss, and \
            this process's CPU.

            The apps encode in software (openh264): on a machine with few cores they cannot all reach 30 fps, and \
            the figures show how far each got. Loss (a frame sent but not received whole) gives exit status 1; a \
            low frame rate does not.

            Examples:
              carwindow bench load
              carwindow bench load --apps 4 --projections 2 --duration 10
            """
    )

    @Option(help: "Apps (child processes) streaming into the emulator in part 1 (0 skips it).")
    var apps = 20

    @Option(help: "Projections in this process in part 2 (0 skips it).")
    var projections = 8

    @Option(help: "Seconds each part streams.")
    var duration = 60.0

    func validate() throws {
        guard (0...100).contains(apps), (0...100).contains(projections) else {
            throw ValidationError("--apps and --projections must be 0...100.")
        }
        guard duration >= 1, duration <= 3600 else { throw ValidationError("--duration must be 1...3600 seconds.") }
    }

    func run() async throws {
        let say = BenchRig.say
        #if DEBUG
            say("warning: this is a debug build; build with -c release for the recorded figures")
        #endif
        say(
            "carwindow bench load: \(ProcessInfo.processInfo.activeProcessorCount) cores; 800x480 pattern at 30 fps "
                + "over RTP, up to \(BenchRig.bitrate / 1_000_000) Mbit/s per app")
        var lossless = true
        if apps > 0 {
            say("")
            say("1. the emulator with \(apps) apps (child processes) streaming for \(BenchTable.format(duration, 0)) s")
            lossless = try await emulatorLoad() && lossless
        }
        if projections > 0 {
            say("")
            say(
                "2. \(projections) projections in this process into one emulator for "
                    + "\(BenchTable.format(duration, 0)) s")
            lossless = try await projectionLoad() && lossless
        }
        say("")
        guard lossless else {
            say("result: FAIL, frames were lost (see above)")
            throw ExitCode.failure
        }
        say("result: PASS, no frame lost on the wire")
    }

    /// Part 1; whether nothing was lost.
    private func emulatorLoad() async throws -> Bool {
        let (emulator, port) = try await BenchRig.emulator(port: 0, recordDirectory: nil)
        let check = Task { await BenchStreamCheck.run(await emulator.receivedFrames()) }
        let ledger = BenchEmulatorLedger()
        let reader = Task { await ledger.consume(await emulator.events()) }
        let executable = try CarWindowExecutable.beside()
        let cpuBefore = BenchProcessSample.now()
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for index in 1...apps {
                group.addTask {
                    await BenchChildProcess.run(
                        executable,
                        [
                            "stream", "--core", "127.0.0.1:\(port)", "--app-id", "bench-load-\(index)",
                            "--app-name", "Load \(index)", "--source", "pattern", "--protocol", "rtp", "--fps", "30",
                            "--bitrate", "\(BenchRig.bitrate)", "--duration", "\(duration)",
                        ])
                }
            }
            var statuses: [Int32] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        let cpuAfter = BenchProcessSample.now()
        let received = await ledger.accessUnits
        let errors = await ledger.errors
        await emulator.stop()
        let wire = await check.value
        await reader.value

        let wall = cpuBefore.time.duration(to: cpuAfter.time)
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        let emulatorCPU = cpuAfter.cpuSeconds - cpuBefore.cpuSeconds
        let failed = statuses.filter { $0 != 0 }.count
        let lossless = printApps(received: received, wire: wire)
        let units = received.values.reduce(0, +)
        BenchRig.say(
            "  total: \(units) access units from \(received.count) of \(apps) apps, "
                + "\(BenchTable.format(Double(units) / duration, 1)) per second (\(apps * 30) if all ran at 30 fps); "
                + "\(failed) app processes exited with an error")
        BenchRig.say(
            "  emulator CPU: \(BenchTable.format(emulatorCPU, 1)) s over \(BenchTable.format(seconds, 1)) s "
                + "wall = \(BenchTable.format(emulatorCPU / seconds * 100, 1))% of one core (start-up and shutdown "
                + "included); apps' CPU: \(BenchTable.format(BenchChildProcess.childrenCPUSeconds(), 1)) s in all")
        BenchRig.say("  emulator at the end: \(cpuAfter.line(since: cpuBefore))")
        for error in errors.prefix(5) { BenchRig.say("  emulator error: \(error)") }
        return lossless && errors.isEmpty
    }

    /// Part 2; whether nothing was lost.
    private func projectionLoad() async throws -> Bool {
        let (emulator, port) = try await BenchRig.emulator(port: 0, recordDirectory: nil)
        let check = Task { await BenchStreamCheck.run(await emulator.receivedFrames()) }
        let ledger = BenchEmulatorLedger()
        let reader = Task { await ledger.consume(await emulator.events()) }
        let sessions = (1...projections).map { BenchRig.pattern(name: "Projection\($0)", port: port, policy: .fail) }
        let before = BenchProcessSample.now()
        let timer = Task { [duration] in
            guard (try? await Task.sleep(for: .milliseconds(Int64(duration * 1000)))) != nil else { return }
            for session in sessions { try? await session.stop() }
        }
        let failures = await withTaskGroup(of: String?.self) { group in
            for session in sessions {
                group.addTask {
                    do throws(ProjectionFailure) {
                        try await session.run(source: BenchRig.patternSource())
                        return nil
                    } catch {
                        return error.message
                    }
                }
            }
            var failures: [String] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        timer.cancel()
        let after = BenchProcessSample.now()
        var sent: [Int] = []
        var skipped = 0
        for session in sessions {
            let statistics = await session.videoManager.statistics
            sent.append(statistics.framesSent)
            skipped += statistics.framesSkippedByEncoder
        }
        let stopped = await ledger.waitForStoppedServices(count: projections, seconds: 10)
        let received = await ledger.accessUnits
        await emulator.stop()
        let wire = await check.value
        await reader.value

        let totalSent = sent.reduce(0, +)
        let totalReceived = received.values.reduce(0, +)
        let lossless = printApps(received: received, wire: wire)
        BenchRig.say(
            "  sent per projection: \(sent.map(String.init).joined(separator: ", ")); "
                + "\(skipped) frames skipped by the encoders' rate control in all")
        BenchRig.say(
            "  total: \(totalSent) frames sent, \(totalReceived) received, \(stopped.count) video services "
                + "ended; \(BenchTable.format(Double(totalSent) / duration / Double(projections), 1)) fps per projection"
        )
        BenchRig.say(
            "  this process: \(after.line(since: before)) = "
                + "\(BenchTable.format((after.cpuSeconds - before.cpuSeconds) / duration * 100, 0))% of one core")
        for failure in failures.prefix(5) { BenchRig.say("  projection failed: \(failure)") }
        return lossless && totalSent == totalReceived && failures.isEmpty
    }

    /// One line per app; whether every app's wire was whole.
    private func printApps(received: [AppID: Int], wire: [AppID: BenchStreamCheck.Report]) -> Bool {
        var whole = true
        for app in Set(received.keys).union(wire.keys).sorted() {
            let units = received[app] ?? 0
            let report = wire[app] ?? BenchStreamCheck.Report()
            whole = whole && report.isWhole && report.accessUnits == units
            BenchRig.say(
                "  \(app): \(units) access units (\(BenchTable.format(Double(units) / duration, 1)) fps); "
                    + "wire: \(report.isWhole && report.accessUnits == units ? "whole" : "NOT whole: \(report)")")
        }
        return whole
    }
}
