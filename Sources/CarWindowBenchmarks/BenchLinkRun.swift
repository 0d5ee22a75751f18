import Foundation
import HeadUnit
import Logging
import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming
import Synchronization

/// One run of `carwindow bench link`: emulator, session and video manager in this process, a paced pattern source,
/// and the link cap dropped in after the warm-up.
struct LinkBenchRun {
    typealias Manager = VideoStreamManager<MediaEncoderFactory, ContinuousClock>

    /// A frame later than this is not "settled" (the issue's end-to-end target).
    static let lateFrame = Duration.milliseconds(300)

    var linkKbps: Int
    var warmup: Duration
    var measured: Duration
    var bitrate: Int
    /// What the pattern shows: `.pan` moves every pixel (camera-like), `.interface` is a user interface.
    var motion: SyntheticScene.Motion
    /// The periodic IDR interval: `nil` keeps the encoder's default, `.some(nil)` IDRs only on demand.
    var keyFrameInterval: Duration?? = nil
    /// The IDR budget (``EncoderSettings/keyFrameBudget``), or `nil` for the encoder's default.
    var keyFrameBudget: Duration? = nil

    struct Result {
        var lines: [String]
    }

    /// What the two sides saw, in order: when the app handed each sent frame over, and when the emulator had it.
    final class Timeline: Sendable {
        let handedOver = Mutex<[ContinuousClock.Instant]>([])
        let received = Mutex<[ContinuousClock.Instant]>([])
        /// The size of each access unit the emulator received, in bytes.
        let receivedBytes = Mutex<[Int]>([])
        let targets = Mutex<[(ContinuousClock.Instant, Int)]>([])
        /// The sender's bits per second over the last second, after each frame.
        let rates = Mutex<[(ContinuousClock.Instant, Int)]>([])
        /// This process's RSS (KiB) when the link drops: after the warm-up, with everything running.
        let rssAtDrop = Mutex<Int?>(nil)
    }

    private var encoderSettings: EncoderSettings {
        var settings = EncoderSettings(width: 16, height: 16, allowsFrameSkipping: false)
        if let keyFrameInterval { settings.keyFrameInterval = keyFrameInterval }
        if let keyFrameBudget { settings.keyFrameBudget = keyFrameBudget }
        return settings
    }

    func measure() async throws -> Result {
        let rssStart = Self.residentKilobytes()
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = .milliseconds(100)
        var emulatorLogger = Logger(label: "carwindow.bench.headunit")
        emulatorLogger.logLevel = .critical
        let headUnit = HeadUnitEmulator(configuration: configuration, logger: emulatorLogger)
        let headUnitEvents = await headUnit.events()
        let port = try await headUnit.start()
        var app = AppConfiguration(appName: "Bench", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        var settings = VideoStreamingSettings()
        settings.customBitrate = bitrate
        var videoLogger = Logger(label: "carwindow.bench.video")
        videoLogger.logLevel = .critical
        let manager = Manager(
            settings: settings, connection: SessionVideoServiceConnection(session: session),
            // Without rate-control frame skipping every frame is sent, so the rate follows the target closely
            // (openh264 skipping most frames of this content and sending a few large ones would hide the link).
            encoderFactory: MediaEncoderFactory(baseSettings: encoderSettings),
            clock: ContinuousClock(), logger: videoLogger)
        let timeline = Timeline()
        var lines: [String] = []
        do {
            try await session.start()
            lines = try await stream(
                manager: manager, session: session, headUnit: headUnit,
                headUnitEvents: headUnitEvents, timeline: timeline)
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        try? await session.stop()
        await headUnit.stop()
        let rssEnd = Self.residentKilobytes()
        let mebibytes = { (kilobytes: Int?) in
            kilobytes.map { BenchTable.format(Double($0) / 1024, 1) + " MiB" } ?? "?"
        }
        lines.append(
            "RSS: \(mebibytes(rssStart)) at start, \(mebibytes(timeline.rssAtDrop.withLock { $0 })) after "
                + "the warm-up (at the drop), \(mebibytes(rssEnd)) at the end")
        return Result(lines: lines)
    }

    private func stream(
        manager: Manager, session: SDLSession, headUnit: HeadUnitEmulator,
        headUnitEvents: AsyncStream<HeadUnitEvent>, timeline: Timeline
    ) async throws -> [String] {
        let events = await manager.events()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await manager.run() }
            group.addTask {
                await SessionVideoDriver(session: session, capabilityWait: .seconds(10)).run(feeding: manager)
            }
            group.addTask {
                for await event in headUnitEvents {
                    if case .videoFrame(_, _, let bytes) = event {
                        timeline.received.withLock { $0.append(.now) }
                        timeline.receivedBytes.withLock { $0.append(bytes) }
                    }
                }
            }
            group.addTask {
                for await event in events {
                    if case .bitrateChanged(let change) = event {
                        timeline.targets.withLock { $0.append((.now, change.bitrate)) }
                    }
                }
            }
            defer { group.cancelAll() }
            guard let size = try await Self.started(manager) else {
                throw LinkBenchError("the video did not start within 20 s")
            }
            let start = ContinuousClock.now
            let drop = start + warmup
            let end = drop + measured
            var dropped = false
            let scene = SyntheticScene(width: size.width, height: size.height, format: .i420, motion: motion)
            let pool = PixelBufferPool(format: .i420, width: size.width, height: size.height)
            var tick = 0
            while ContinuousClock.now < end {
                let due = start + .milliseconds(tick * 1_000 / 30)
                tick += 1
                // A source behind its schedule skips ticks, as a paced source does.
                guard due >= ContinuousClock.now - .milliseconds(33) else { continue }
                try await Task.sleep(until: due, clock: .continuous)
                if !dropped, ContinuousClock.now >= drop {
                    timeline.rssAtDrop.withLock { $0 = Self.residentKilobytes() }
                    try await headUnit.setLinkKbps(linkKbps)
                    dropped = true
                }
                let frame = pool.makeFrame(presentationTime: .zero)
                scene.render(frameIndex: tick, into: frame)
                let handedOver = ContinuousClock.now
                if case .sent = await manager.send(frame, presentationTime: .milliseconds(tick * 1_000 / 30)) {
                    timeline.handedOver.withLock { $0.append(handedOver) }
                }
                let rate = await manager.statistics.bitsPerSecond
                timeline.rates.withLock { $0.append((.now, rate)) }
            }
            try await headUnit.setLinkKbps(nil)
            let statistics = await manager.statistics
            await manager.stop()
            return report(timeline: timeline, drop: drop, end: end, statistics: statistics)
        }
    }

    /// Waits (at most 20 s) for the stream to start; its size.
    private static func started(_ manager: Manager) async throws -> ImageResolution? {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let stream = await manager.status.stream, await manager.status.isStreaming { return stream.size }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    private func report(
        timeline: Timeline, drop: ContinuousClock.Instant, end: ContinuousClock.Instant,
        statistics: VideoStreamStatistics
    ) -> [String] {
        let handedOver = timeline.handedOver.withLock { $0 }
        let received = timeline.received.withLock { $0 }
        let targets = timeline.targets.withLock { $0 }
        let rates = timeline.rates.withLock { $0 }
        let linkBits = linkKbps * 1_000
        // The k-th frame sent is the emulator's k-th access unit: one ordered path, one access unit per frame.
        let sizes = timeline.receivedBytes.withLock { $0 }
        let pairs = zip(zip(handedOver, received), sizes).map {
            (sent: $0.0, delay: $0.0.duration(to: $0.1), bytes: $1)
        }
        // Settled: from then on the sender's rate over the last second stays under the link rate and no frame is
        // later than 300 ms.
        let lastOver = rates.last { $0.0 >= drop && $0.1 > linkBits }?.0
        let lateAfterDrop = pairs.filter { $0.sent >= drop && $0.delay > Self.lateFrame }
        let lastLate = lateAfterDrop.last?.sent
        let settledAt = [lastOver ?? drop, lastLate ?? drop].max() ?? drop
        let peakAfter = rates.filter { $0.0 > settledAt }.map(\.1).max() ?? 0
        var after = BenchSamples(capacity: pairs.count)
        for pair in pairs where pair.sent > settledAt { after.append(pair.delay) }
        var before = BenchSamples(capacity: pairs.count)
        for pair in pairs where pair.sent < drop { before.append(pair.delay) }
        let fmt = { (value: Double) in BenchTable.format(value, 1) }
        let settle = "\(fmt(Self.milliseconds(drop.duration(to: settledAt)))) ms"
        let since = { (instant: ContinuousClock.Instant?) in
            instant.map { fmt(Self.milliseconds(drop.duration(to: $0))) + " ms" } ?? "-"
        }
        return [
            "content: \(motion == .pan ? "camera (pan)" : "interface"), target \(bitrate / 1_000) kbit/s, "
                + "IDRs \(encoderSettings.keyFrameInterval.map { "every \($0)" } ?? "on demand") with a "
                + "\(fmt(Self.milliseconds(encoderSettings.keyFrameBudget))) ms budget; "
                + "link: unlimited, then \(linkKbps) kbit/s after \(Self.milliseconds(warmup) / 1_000) s; "
                + "measured \(Self.milliseconds(measured) / 1_000) s after the drop",
            "time to settle under the link rate: \(settle) (sent rate last over \(linkKbps) kbit/s at "
                + "\(since(lastOver)), last frame over 300 ms handed over at \(since(lastLate)); "
                + "highest sent rate after: \(peakAfter / 1_000) kbit/s)",
            "frames over 300 ms after the drop (handed over at, delay): "
                + (lateAfterDrop.isEmpty
                    ? "none"
                    : lateAfterDrop.prefix(12).map {
                        "\(since($0.sent)) (\(fmt(Self.milliseconds($0.delay))) ms, \($0.bytes / 1_000) KB)"
                    }.joined(separator: ", ")
                        + (lateAfterDrop.count > 12 ? ", ... (\(lateAfterDrop.count) in all)" : "")),
            "largest frames after the drop (handed over at, size, delay): "
                + pairs.filter { $0.sent >= drop }.sorted { $0.bytes > $1.bytes }.prefix(5).map {
                    "\(since($0.sent)) (\($0.bytes / 1_000) KB, \(fmt(Self.milliseconds($0.delay))) ms)"
                }.joined(separator: ", "),
            "end-to-end delay before the drop: p50 \(fmt(before.median)) ms, p99 \(fmt(before.percentile(99))) ms "
                + "(\(before.count) frames)",
            "end-to-end delay after settling: p50 \(fmt(after.median)) ms, p99 \(fmt(after.percentile(99))) ms "
                + "(\(after.count) frames)",
            "target bitrate (kbit/s, when): "
                + "\(targets.map { "\($0.1 / 1_000) (\(since($0.0)))" }.joined(separator: " -> ")) "
                + "(\(statistics.bitrateDecreases) down, \(statistics.bitrateIncreases) up); "
                + "final \(statistics.targetBitrate.map { "\($0 / 1_000)" } ?? "-") kbit/s",
            "frames: \(statistics.framesSent) sent, \(statistics.framesDroppedForLink) dropped for the link "
                + "(\(statistics.framesPacedForLink) of them by pacing), "
                + "\(statistics.framesDropped) dropped with the queue full, \(statistics.framesSkippedByEncoder) "
                + "skipped by the encoder; \(received.count) received by the emulator",
        ]
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// This process's resident set size in KiB (`VmRSS` in /proc/self/status), `nil` where there is none.
    static func residentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}

struct LinkBenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
