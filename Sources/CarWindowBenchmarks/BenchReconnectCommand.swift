import ArgumentParser
import Foundation
import HeadUnit
import SDLProjection

/// `carwindow bench reconnect`: the emulator drops the app's connection, or is stopped and started again, many times;
/// the projection reconnects each time (docs/lab/reliability.md records the figures).
struct BenchReconnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconnect",
        abstract: "Drop or restart the emulator many times; time each return of the video and watch for leaks.",
        discussion: """
            Starts the head-unit emulator in this process and projects the moving test pattern into it (800x480, \
            30 fps, RTP) with the default reconnect policy (first retry after 0.5 s, doubling, 20% jitter, no \
            limit on attempts). Then, --cycles times, once the video runs:

              drop:    the emulator closes the app's TCP connection (the console's `drop`);
              restart: the emulator stops and a new one starts on the same port (SDL Core restarted).

            It prints the time from the drop (or the restart) to the first access unit of the new video service, \
            p50/p99, and this process's resident memory, open file descriptors and threads before the first cycle \
            and after the last. Swift has no public count of live tasks; a task that leaks either blocks a thread \
            or holds memory, so threads and memory stand in for it. Exit status 1 if the video does not come back \
            within 30 s in some cycle.

            Examples:
              carwindow bench reconnect --cycles 100
              carwindow bench reconnect --cycles 100 --mode restart
            """
    )

    @Option(help: "Drops (or restarts) to make.")
    var cycles = 100

    @Option(help: "drop: the emulator closes the connection; restart: it stops and starts again on the same port.")
    var mode: BenchReconnectMode = .drop

    @Option(help: "Seconds the video runs between two cycles.")
    var settle = 1.0

    func validate() throws {
        guard (1...10_000).contains(cycles) else { throw ValidationError("--cycles must be 1...10000, not \(cycles).") }
        guard settle >= 0, settle <= 600 else { throw ValidationError("--settle must be 0...600 seconds.") }
    }

    func run() async throws {
        let say = BenchRig.say
        #if DEBUG
            say("warning: this is a debug build; build with -c release for the recorded figures")
        #endif
        var (emulator, port) = try await BenchRig.emulator(port: 0, recordDirectory: nil)
        let ledger = BenchEmulatorLedger()
        let first = emulator
        var reader = Task { await ledger.consume(await first.events()) }
        let policy = ReconnectPolicy(maximumAttempts: nil)
        let streaming = BenchRig.pattern(name: "Reconnect", port: port, policy: .reconnect(policy))
        let run = Task { try await streaming.run(source: BenchRig.patternSource()) }
        say(
            "carwindow bench reconnect: \(cycles) cycles, mode \(mode), pattern 800x480 at 30 fps over RTP into "
                + "127.0.0.1:\(port); reconnect policy: 0.5 s first retry, x2, 20% jitter, no attempt limit")

        var failure: String?
        var latencies = BenchSamples(capacity: cycles)
        if await ledger.waitForFirstFrames(count: 1, seconds: 30).count < 1 {
            failure = "the first video did not start within 30 s"
        }
        try? await Task.sleep(for: .milliseconds(Int64(settle * 1000)))
        let before = BenchProcessSample.now()
        say("before: \(before.line(since: before))")
        var cycle = 0
        while failure == nil, cycle < cycles {
            cycle += 1
            let cut: ContinuousClock.Instant
            switch mode {
            case .drop:
                for app in await emulator.apps() { try? await emulator.dropConnection(app.app) }
                cut = .now
            case .restart:
                await emulator.stop()
                await reader.value
                do {
                    (emulator, _) = try await BenchRig.emulator(port: port, recordDirectory: nil)
                } catch {
                    failure = "cycle \(cycle): the emulator did not start again on port \(port): \(error)"
                    continue  // the loop ends on the failure
                }
                let restarted = emulator
                reader = Task { await ledger.consume(await restarted.events()) }
                cut = .now
            }
            let firsts = await ledger.waitForFirstFrames(count: cycle + 1, seconds: 30)
            guard firsts.count > cycle else {
                failure = "cycle \(cycle): the video did not come back within 30 s"
                break
            }
            latencies.append(cut.duration(to: firsts[cycle]))
            if cycle % 10 == 0 {
                say(
                    "  \(cycle) cycles, last \(BenchTable.format(latencies.milliseconds.last ?? 0, 0)) ms; "
                        + BenchProcessSample.now().line(since: before))
            }
            try? await Task.sleep(for: .milliseconds(Int64(settle * 1000)))
        }
        let after = BenchProcessSample.now()
        try? await streaming.stop()
        do {
            try await run.value
        } catch {
            let message = (error as? ProjectionFailure)?.message ?? "\(error)"
            if failure == nil { failure = "the projection failed: \(message)" }
        }
        await emulator.stop()
        await reader.value

        say("")
        say(
            "time to first frame after the \(mode == .drop ? "drop" : "restart"): \(latencies.count) of \(cycles) "
                + "cycles, p50 \(BenchTable.format(latencies.median, 0)) ms, p99 "
                + "\(BenchTable.format(latencies.percentile(99), 0)) ms, max "
                + "\(BenchTable.format(latencies.percentile(100), 0)) ms")
        say("before the first cycle: \(before.line(since: before))")
        say("after the last cycle:   \(after.line(since: before))")
        say("growth: \(after.difference(from: before))")
        let errors = await ledger.errors
        if !errors.isEmpty { say("emulator errors: \(errors.count), first: \(errors[0])") }
        if let failure {
            say("result: FAIL, \(failure)")
            throw ExitCode.failure
        }
        say("result: PASS, the video came back \(latencies.count) times")
    }
}

/// How `carwindow bench reconnect` breaks the connection.
enum BenchReconnectMode: String, ExpressibleByArgument, CaseIterable, CustomStringConvertible {
    case drop, restart
    var description: String { rawValue }
}
