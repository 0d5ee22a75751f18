import ArgumentParser
import CarWindowX11
import Foundation
import HeadUnit
import SDLRPC

/// `carwindow check haptics`: the head-unit emulator as a knob car, checking the haptic rects of the app that
/// connects to it (``HapticCheck``).
struct CheckHapticsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptics",
        abstract: "Check an app's haptic rects as a knob car would: on screen, finger-sized, unambiguous, reachable.",
        discussion: """
            Starts the head-unit emulator and waits for an app to connect and send its haptic rects (SendHapticData). \
            Run your app against it, or give the command after --: it is started with {core} replaced by the \
            emulator's HOST:PORT (and CARWINDOW_CORE set to it), and stopped at the end. Once the rects have stayed \
            the same for --settle seconds, the emulator turns its knob once around them, as a car without a touch \
            screen does, and checks every rect:

              offScreen    part of it is outside the video's screen
              tooSmall     a side is under --min-side pixels at scale 1 (times the head unit's scale)
              covered      its centre, where a knob press taps, is inside another rect too
              overlapping  it shares area with another rect (each centre its own)
              duplicateID  another rect has its id
              unreachable  a full turn of the knob never highlighted it

            Exit status: 0 when every rect passes, 1 when any finding is printed, 2 when no haptic rect came \
            within --wait seconds (or the command could not start).

            Examples:
              carwindow check haptics -- carwindow stream --source demo --core {core}
              carwindow check haptics -- carwindow project --core {core} -- xcalc
              carwindow check haptics --port 12345          # then run your app against 127.0.0.1:12345
            """
    )

    @Option(help: "The emulator's TCP port (0: any free port).")
    var port = 0

    @Option(help: "Seconds to wait for an app's haptic rects.")
    var wait = 60.0

    @Option(help: "Seconds the rects must stay unchanged before the check (a UI still laying out sends several).")
    var settle = 1.0

    @Option(help: "The smallest side accepted, in pixels at scale 1.")
    var minSide = HapticCheck.defaultMinimumSide

    @Argument(parsing: .postTerminator, help: "The app to check, after --; {core} becomes the emulator's HOST:PORT.")
    var command: [String] = []

    var commandLine: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port).") }
        guard wait > 0, settle >= 0 else { throw ValidationError("--wait must be positive and --settle not negative.") }
        guard minSide > 0 else { throw ValidationError("--min-side must be positive, not \(minSide).") }
    }

    func run() async throws {
        var configuration = HeadUnitConfiguration(port: port)
        configuration.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let events = await headUnit.events()
        let boundPort = try await headUnit.start()
        let core = "127.0.0.1:\(boundPort)"
        print("head-unit emulator listening on \(core); waiting up to \(wait) s for an app's haptic rects")
        var child: ChildProcess?
        if let executable = commandLine.first {
            var environment = ProcessInfo.processInfo.environment
            environment["CARWINDOW_CORE"] = core
            do {
                child = try ChildProcess(
                    executable: executable,
                    arguments: commandLine.dropFirst().map { $0.replacingOccurrences(of: "{core}", with: core) },
                    environment: environment, inheritsStandardInput: false)
            } catch {
                await headUnit.stop()
                FileHandle.standardError.write(Data("error: \(error.context)\n".utf8))
                throw ExitCode(2)
            }
        }
        let outcome = await Self.settledRects(
            from: events, appEnded: child?.ended(), wait: .seconds(wait), settle: .seconds(settle))
        var status: Int32 = 2
        switch outcome {
        case .timedOut:
            FileHandle.standardError.write(
                Data("error: no app sent haptic rects within \(wait) s (SendHapticData)\n".utf8))
        case .appEnded(let termination):
            let name = commandLine.first ?? "the app"
            FileHandle.standardError.write(
                Data("error: \(name) \(termination) before it sent haptic rects (SendHapticData)\n".utf8))
        case .found(let found):
            status = await check(found, on: headUnit)
        }
        if let child { _ = await child.terminate() }
        await headUnit.stop()
        if status != 0 { throw ExitCode(status) }
    }

    /// Walks the knob once around the app's rects, checks them and prints the report; returns the exit status.
    private func check(_ found: FoundRects, on headUnit: HeadUnitEmulator) async -> Int32 {
        let video = await headUnit.configuration.video
        let screen = found.screen ?? video.preferredResolution
        var walk: [Int] = []
        for _ in found.rects.indices {
            guard let step = try? await headUnit.knob(.right), let rect = step.rect else { break }
            walk.append(rect.id)
        }
        let findings = HapticCheck.findings(
            in: found.rects, screen: screen, minimumSide: minSide * video.scale, knobWalk: walk)
        let name = await headUnit.apps().first { $0.app == found.app }?.appName.map { "'\($0)'" } ?? "the app"
        print("\(found.rects.count) haptic rects from \(name) on \(screen) at scale \(video.scale)")
        print("knob order: \(walk.map { "#\($0)" }.joined(separator: " "))")
        for finding in findings { print("\(finding.kind.rawValue): \(finding)") }
        if findings.isEmpty {
            print("result: PASS, every rect on screen, finger-sized, unambiguous and reachable by the knob")
            return 0
        }
        print("result: FAIL, \(findings.count) finding\(findings.count == 1 ? "" : "s")")
        return 1
    }

    /// The first app's rects, the screen its video is on (`nil` before its video started).
    struct FoundRects: Sendable {
        var app: AppID
        var rects: [HapticRect]
        var screen: VideoSize?
    }

    /// How the wait for the rects ended.
    enum Outcome: Sendable {
        case found(FoundRects)
        case timedOut
        case appEnded(ChildProcess.Termination)
    }

    private enum Signal: Sendable {
        case rects(AppID, [HapticRect])
        case video(AppID, VideoSize)
        case quiet(generation: Int)
        case timeout
        case appEnded(ChildProcess.Termination)
    }

    /// The first app's non-empty rects once they have not changed for `settle`; or the end of the wait, or of the
    /// app the command started (`appEnded`), whichever comes first.
    static func settledRects(
        from events: AsyncStream<HeadUnitEvent>, appEnded: AsyncStream<ChildProcess.Termination>?, wait: Duration,
        settle: Duration
    ) async -> Outcome {
        let (signals, signal) = AsyncStream<Signal>.makeStream()
        let forwarding = Task {
            for await event in events {
                switch event {
                case .hapticRects(let app, let rects) where !rects.isEmpty: signal.yield(.rects(app, rects))
                case .videoStarted(let app, _, let size): signal.yield(.video(app, size))
                default: break
                }
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: wait)
            signal.yield(.timeout)
        }
        let watching = Task {
            guard let appEnded else { return }
            for await termination in appEnded {
                signal.yield(.appEnded(termination))
                return
            }
        }
        var found: FoundRects?
        var screens: [AppID: VideoSize] = [:]
        var generation = 0
        var quiet: Task<Void, Never>?
        defer {
            forwarding.cancel()
            deadline.cancel()
            watching.cancel()
            quiet?.cancel()
            signal.finish()
        }
        for await next in signals {
            switch next {
            case .video(let app, let size):
                screens[app] = size
                if found?.app == app { found?.screen = size }
            case .rects(let app, let rects):
                guard found == nil || found?.app == app else { continue }
                found = FoundRects(app: app, rects: rects, screen: screens[app])
                generation += 1
                let current = generation
                quiet?.cancel()
                quiet = Task {
                    try? await Task.sleep(for: settle)
                    if !Task.isCancelled { signal.yield(.quiet(generation: current)) }
                }
            case .quiet(let settled):
                if settled == generation, let found { return .found(found) }
            case .timeout:
                return .timedOut
            case .appEnded(let termination):
                return .appEnded(termination)
            }
        }
        return .timedOut
    }
}
