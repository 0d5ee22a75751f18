public import CarWindow

/// Renders the changing sample navigation screen and measures each frame, for `carwindow bench`.
///
/// Each frame moves the vehicle and pans the map a little, so every frame is dirty, then renders into a reused
/// buffer (full redraw, the worst case). Render time only: conversion, encoding and sending belong to the streaming
/// benchmark.
///
/// ```swift
/// for result in try await RenderBenchmark.run(frames: 120) {
///     print(result)   // 1280x720: 120 frames, mean 4.1 ms, p95 5.0 ms, 243 fps
/// }
/// ```
public enum RenderBenchmark {
    /// The sizes the issue asks about.
    public static let defaultSizes = [Size(width: 1280, height: 720), Size(width: 1920, height: 1080)]

    /// Per-frame render times at one size.
    public struct Result: Sendable, CustomStringConvertible {
        public var size: Size
        public var frameTimes: [Duration]
        /// Frames that were dirty and fully repainted (all of them, unless the screen failed to change).
        public var fullRedraws: Int

        public var mean: Duration { frameTimes.isEmpty ? .zero : frameTimes.reduce(.zero, +) / frameTimes.count }
        /// The 95th percentile frame time.
        public var p95: Duration {
            let sorted = frameTimes.sorted()
            return sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        }
        /// Frames per second at the mean frame time, on one core.
        public var framesPerSecond: Double {
            let seconds = Double(mean.components.seconds) + Double(mean.components.attoseconds) * 1e-18
            return seconds > 0 ? 1 / seconds : 0
        }

        public var description: String {
            func ms(_ d: Duration) -> String {
                let value = (Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
                return String(Double(Int(value * 10)) / 10)
            }
            return
                "\(size): \(frameTimes.count) frames (\(fullRedraws) repainted in full), "
                + "mean \(ms(mean)) ms, p95 \(ms(p95)) ms, \(Int(framesPerSecond)) fps"
        }
    }

    /// Renders `frames` frames at each size and returns the times.
    ///
    /// - Throws: `CarWindowError` when a size is invalid or rendering fails.
    @CarWindowActor
    public static func run(frames: Int, sizes: [Size] = defaultSizes) throws(CarWindowError) -> [Result] {
        let clock = ContinuousClock()
        var results: [Result] = []
        for size in sizes {
            let window = try Window(metrics: DisplayMetrics(resolution: size))
            let screen = NavigationScreen()
            try screen.install(in: window)
            var buffer = try PixelBuffer(width: Int(size.width), height: Int(size.height))
            _ = try window.render(into: &buffer)  // warm up fonts and layout
            var fullRedraws = 0
            var times: [Duration] = []
            times.reserveCapacity(max(0, frames))
            for _ in 0..<max(0, frames) {
                let start = clock.now
                screen.advance(by: 0.001)
                _ = screen.handle(.panMoved(from: Point(x: 100, y: 100), to: Point(x: 101, y: 100)))
                let report = try window.render(into: &buffer)
                if report.wasDirty, report.redrawnRegion == [Rect(origin: .zero, size: size)] { fullRedraws += 1 }
                times.append(start.duration(to: clock.now))
            }
            results.append(Result(size: size, frameTimes: times, fullRedraws: fullRedraws))
        }
        return results
    }
}
