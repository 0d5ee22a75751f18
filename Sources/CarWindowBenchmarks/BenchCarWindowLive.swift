import CarWindow
import CarWindowDemo
import SDLMedia
import SDLRPC

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The live parts of `carwindow bench carwindow`: the frame pump on the real clock with a real encoding sink.
enum BenchCarWindowLive {
    static let size = BenchSize(width: 1280, height: 720)

    /// CPU time of a static screen with dirty tracking and refresh frames, per second of wall time.
    @CarWindowActor
    static func staticScreen(seconds: Double) async throws {
        let (window, _) = try makeWindow()
        let configuration = StreamingConfiguration(frameRate: 30)
        let pump = FramePump(window: window, configuration: configuration)
        let sink = try PipelineSink(settings: encoderSettings(configuration))
        let driver = Task { try await pump.run(on: ContinuousClock(), sink: sink) }
        // The first frame (a full render and an IDR) is start-up, not the static cost.
        try await Task.sleep(for: .milliseconds(500))
        let cpuStart = processCPUTime()
        let wallStart = ContinuousClock.now
        let before = pump.statistics
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        let cpu = processCPUTime() - cpuStart
        let wall = wallStart.duration(to: .now)
        let after = pump.statistics
        driver.cancel()
        try await driver.value
        let share = cpu / (Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18) * 100
        print(
            "  static: \(BenchTable.format(share, 2))% of one core (target < 2%): CPU \(BenchTable.format(cpu * 1000, 1)) "
                + "ms over \(format(wall)); ticks \(after.ticks - before.ticks), frames rendered "
                + "\(after.framesRendered - before.framesRendered), refresh frames "
                + "\(after.refreshFrames - before.refreshFrames)")
    }

    /// Time from a tap (OnTouchEvent BEGIN and END through the adapter) to the encoder's output of the frame that
    /// shows it, at 30 fps. Like `WindowSource`, the tap asks the pump for its frame at once (`tickNow()`) instead of
    /// waiting for the next tick of the frame clock.
    @CarWindowActor
    static func touchLatency(taps: Int) async throws {
        let (window, screen) = try makeWindow()
        // No refresh frames: on a static screen the only frames are the taps', so the first one after a tap is it.
        let configuration = StreamingConfiguration(frameRate: 30, refreshInterval: nil, settleRefreshes: [])
        let pump = FramePump(window: window, configuration: configuration)
        let sink = try PipelineSink(settings: encoderSettings(configuration))
        let driver = Task { try await pump.run(on: ContinuousClock(), sink: sink) }
        try await Task.sleep(for: .milliseconds(300))
        var touches = TouchConverter(scale: window.metrics.scale)
        for index in 0..<taps {
            let button = index % 2 == 0 ? screen.zoomInButton : screen.zoomOutButton
            let center = button.convertToWindow(button.bounds).center
            let (x, y) = (Int(center.x.rounded()), Int(center.y.rounded()))
            await sink.arm(at: .now)
            for event in [touch(.begin, x: x, y: y, ts: index * 1000), touch(.end, x: x, y: y, ts: index * 1000 + 60)] {
                if let converted = try touches.touch(from: event) { window.handleTouch(converted) }
            }
            pump.tickNow()
            // A varying gap, so taps land at every phase of the frame clock.
            try await Task.sleep(for: .milliseconds(150 + (index * 37) % 33))
        }
        driver.cancel()
        try await driver.value
        let latencies = await sink.latencies
        print(
            "  touch -> first frame: \(latencies.count) of \(taps) taps, p50 \(BenchTable.format(latencies.median, 1)) ms, "
                + "p99 \(BenchTable.format(latencies.percentile(99), 1)) ms, mean \(BenchTable.format(latencies.mean, 1)) "
                + "ms (target: p99 < 25 ms; the tap's frame is drawn at once, not at the next tick); "
                + "pump \(pump.statistics)")
    }

    @CarWindowActor
    private static func makeWindow() throws -> (Window, NavigationScreen) {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: Double(size.width), height: Double(size.height))))
        let screen = NavigationScreen()
        try screen.install(in: window)
        return (window, screen)
    }

    private static func encoderSettings(_ configuration: StreamingConfiguration) -> EncoderSettings {
        configuration.applied(to: EncoderSettings(width: size.width, height: size.height, bitrate: size.bitrate))
    }

    private static func touch(_ type: TouchType, x: Int, y: Int, ts: Int) -> OnTouchEvent {
        OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: 0, ts: [ts], c: [TouchCoord(x: x, y: y)])])
    }

    /// Seconds of CPU this process has used, all threads.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return BenchTable.format(seconds, 2) + " s"
    }
}

/// The streaming pipeline behind the pump in the live benchmarks: convert, encode, packetize, as the video
/// manager will; it also times taps to the encoder's output.
actor PipelineSink: FrameSink {
    private var converter = ColorConverter()
    private let encoder: OpenH264Encoder
    private var packetizer = RTPPacketizer()
    private var tapTime: ContinuousClock.Instant?
    private(set) var latencies = BenchSamples(capacity: 64)

    init(settings: EncoderSettings) throws {
        encoder = try OpenH264Encoder(settings: settings)
    }

    /// The next access unit out of the encoder shows a tap made at `time`.
    func arm(at time: ContinuousClock.Instant) { tapTime = time }

    func submit(_ frame: VideoFrame) async -> FrameSubmissionResult {
        do {
            guard let unit = try encoder.encode(converter.convertToI420(frame)) else { return .accepted }
            _ = packetizer.packetize(unit)
            if let tapTime {
                latencies.append(tapTime.duration(to: .now))
                self.tapTime = nil
            }
            return .accepted
        } catch {
            return .dropped
        }
    }
}
