import CAtspi  // rusage's timeval fields come from its headers: release builds need it (MemberImportVisibility)
public import CarWindow
import Foundation
import Glibc
public import Logging
import SDLMedia

/// The figures of `carwindow bench project`: capture cost against memcpy (X11's MIT-SHM), and for any projected
/// program (``BenchmarkedProgram``: X11 or Wayland) the CPU of a still application, touch to rendered frame and full
/// motion. Measurements, not tests: they print, they assert nothing.
///
/// ```swift
/// for result in try await X11Benchmark.capture(sizes: X11Benchmark.captureSizes, frames: 100) {
///     print(result)   // 1280x720: capture 1.9 ms, memcpy 1.2 ms, 1.6x
/// }
/// ```
public enum X11Benchmark {
    /// How long ``touchLatency(application:at:taps:)`` waits for a tap's change.
    public static let changeWait = Duration.seconds(2)

    public static let captureSizes = [
        Size(width: 800, height: 480), Size(width: 1280, height: 720), Size(width: 1920, height: 1080),
    ]

    /// Median cost of one full-screen MIT-SHM capture and of a memcpy of the same bytes.
    public struct CaptureResult: Sendable, CustomStringConvertible {
        public var size: Size
        public var capture: Duration
        public var memcpy: Duration
        public var ratio: Double { memcpy > .zero ? capture / memcpy : 0 }
        public var description: String {
            "\(Int(size.width))x\(Int(size.height)): capture \(milliseconds(capture)) ms, memcpy "
                + "\(milliseconds(memcpy)) ms, capture/memcpy \(String(format: "%.2f", ratio))x"
        }
    }

    /// CPU used while a still application is projected (the pump ticking at 30 fps, nothing changing).
    public struct IdleResult: Sendable, CustomStringConvertible {
        public var seconds: Double
        /// This process (capture thread, accessibility thread, frame pump), in % of one core.
        public var projection: Double
        public var application: Double
        /// The display server (``serverName``: Xvfb, or the Wayland compositor).
        public var server: Double
        public var serverName: String
        public var captures: Int
        public var rendered: Int
        public var description: String {
            String(
                format: "still app over %.0f s: projection %.2f%%, app %.2f%%, %@ %.2f%% of a core; "
                    + "%d captures, %d frames rendered", seconds, projection, application, serverName, server, captures,
                rendered)
        }
    }

    /// Touch (a tap handed to the view) to the first rendered frame showing the change.
    public struct LatencyResult: Sendable, CustomStringConvertible {
        /// The taps the application answered, each timed to the first frame with its change.
        public var samples: [Duration]
        /// Taps after which nothing changed within ``X11Benchmark/changeWait``: not in the figures.
        public var unchanged = 0
        public func percentile(_ p: Double) -> Duration {
            let sorted = samples.sorted()
            return sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        public var description: String {
            guard !samples.isEmpty else {
                return "touch -> rendered frame: none of \(unchanged) taps changed anything within \(changeWait)"
            }
            let figures =
                "touch -> rendered frame over \(samples.count) taps at 30 fps: p50 \(milliseconds(percentile(0.5))) "
                + "ms, p99 \(milliseconds(percentile(0.99))) ms"
            guard unchanged > 0 else { return figures }
            return figures + "; \(unchanged) taps changed nothing within \(changeWait) (not counted)"
        }
    }

    public static func capture(sizes: [Size] = captureSizes, frames: Int = 100, logger: Logger)
        async throws(ProgramProjectionError) -> [CaptureResult]
    {
        var results: [CaptureResult] = []
        for size in sizes {
            let server = try await VirtualDisplay.start(size: size, logger: logger)
            do throws(ProgramProjectionError) {
                let display = try X11Display(display: server.name, viewport: size, logger: logger)
                defer { display.stop() }
                let count = Int(size.width) * Int(size.height) * 4
                let copy = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
                defer { copy.deallocate() }
                var captures: [Duration] = []
                var copies: [Duration] = []
                let clock = ContinuousClock()
                for _ in 0..<frames {
                    var source: UnsafeRawBufferPointer?
                    captures.append(clock.measure { source = display.captureForBenchmark() })
                    guard let source, let base = source.baseAddress else {
                        throw ProgramProjectionError(.x11, "capture failed at \(size)")
                    }
                    copies.append(clock.measure { copy.copyMemory(from: base, byteCount: count) })
                }
                results.append(CaptureResult(size: size, capture: median(captures), memcpy: median(copies)))
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
        return results
    }

    /// Projects `application` into a window with a frame pump and a sink that takes every frame, for `seconds`.
    @CarWindowActor
    public static func idle(application: some BenchmarkedProgram, seconds: Double) async throws -> IdleResult {
        let (window, pump, _) = try makePump(application)
        var now = Duration.zero
        // Settle: the first frames and the layout.
        try await tick(pump, for: 1, from: &now)
        let capturesBefore = application.captureCount
        let renderedBefore = pump.statistics.framesRendered
        let selfBefore = processCPU()
        let appBefore = childCPU(application.programPID)
        let serverBefore = childCPU(application.serverPID)
        try await tick(pump, for: seconds, from: &now)
        let percent = { (after: Double, before: Double) in (after - before) / seconds * 100 }
        _ = window
        return IdleResult(
            seconds: seconds, projection: percent(processCPU(), selfBefore),
            application: percent(childCPU(application.programPID), appBefore),
            server: percent(childCPU(application.serverPID), serverBefore), serverName: application.serverName,
            captures: application.captureCount - capturesBefore,
            rendered: pump.statistics.framesRendered - renderedBefore)
    }

    /// Taps `point` `taps` times (the application must change on each tap) and times each to the rendered frame.
    @CarWindowActor
    public static func touchLatency(application: some BenchmarkedProgram, at point: Point, taps: Int) async throws
        -> LatencyResult
    {
        let (_, pump, view) = try makePump(application)
        var now = Duration.zero
        try await tick(pump, for: 1, from: &now)
        var result = LatencyResult(samples: [])
        let clock = ContinuousClock()
        for _ in 0..<taps {
            let start = clock.now
            _ = view.handleGesture(.singleTap(at: point))
            var rendered = false
            while !rendered, start.duration(to: clock.now) < changeWait {
                try await Task.sleep(for: .milliseconds(33))
                now += .milliseconds(33)
                let tick = try pump.tick(at: now)
                if tick.frame != nil { pump.submissionFinished(.accepted) }
                rendered = tick.outcome == .rendered
            }
            if rendered {
                result.samples.append(start.duration(to: clock.now))
            } else {
                result.unchanged += 1
            }
            try await tick(pump, for: 0.3, from: &now)
        }
        return result
    }

    /// An application that redraws all the time, projected at `size` with the pump ticking as fast as it can.
    public struct ThroughputResult: Sendable, CustomStringConvertible {
        public var size: Size
        public var seconds: Double
        public var rendered: Int
        public var captures: Int
        /// Mean time of a tick that rendered (layout, paint from shared memory, nothing else).
        public var meanRender: Duration
        public var description: String {
            String(
                format: "%dx%d full motion over %.0f s: %.1f frames rendered/s (%.1f captures/s), %@ ms per rendered "
                    + "frame", Int(size.width), Int(size.height), seconds, Double(rendered) / seconds,
                Double(captures) / seconds, milliseconds(meanRender))
        }
    }

    @CarWindowActor
    public static func throughput(application: some BenchmarkedProgram, size: Size, seconds: Double) async throws
        -> ThroughputResult
    {
        let (_, pump, _) = try makePump(application, size: size)
        var now = Duration.zero
        try await tick(pump, for: 1, from: &now)
        let clock = ContinuousClock()
        let capturesBefore = application.captureCount
        var renderTimes: [Duration] = []
        let end = clock.now.advanced(by: .seconds(seconds))
        while clock.now < end {
            // Yield so the capture signals reach the view; then tick at once, no frame-rate wait.
            try await Task.sleep(for: .milliseconds(1))
            now += .milliseconds(1)
            let start = clock.now
            let tick = try pump.tick(at: now)
            if tick.frame != nil { pump.submissionFinished(.accepted) }
            if tick.outcome == .rendered { renderTimes.append(start.duration(to: clock.now)) }
        }
        return ThroughputResult(
            size: size, seconds: seconds, rendered: renderTimes.count,
            captures: application.captureCount - capturesBefore,
            meanRender: renderTimes.isEmpty ? .zero : renderTimes.reduce(.zero, +) / renderTimes.count)
    }

    @CarWindowActor
    private static func makePump(_ application: some BenchmarkedProgram, size: Size = Size(width: 800, height: 480))
        throws -> (Window, FramePump, View)
    {
        let window = try Window(metrics: DisplayMetrics(resolution: size))
        window.gestures = X11Application.gestureConfiguration
        let view = application.makeBenchmarkView()
        window.rootView = view
        return (window, FramePump(window: window, configuration: StreamingConfiguration(frameRate: 1000)), view)
    }

    @CarWindowActor
    private static func tick(_ pump: FramePump, for seconds: Double, from now: inout Duration) async throws {
        let end = ContinuousClock.now.advanced(by: .seconds(seconds))
        while ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(33))
            now += .milliseconds(33)
            if try pump.tick(at: now).frame != nil { pump.submissionFinished(.accepted) }
        }
    }

    private static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    /// CPU seconds of this process so far.
    private static func processCPU() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds of a child so far, from /proc (utime + stime).
    private static func childCPU(_ pid: Int32?) -> Double {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

private func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
    return String(format: "%.2f", value)
}
