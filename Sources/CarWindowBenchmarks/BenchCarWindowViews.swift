import CarWindow
import SDLMedia
import SDLRPC

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The view rows of `carwindow bench carwindow`: a 10,000-row list scrolled by a finger at 720p (render time with
/// dirty regions against full redraws, and the whole pipeline's fps), the static cost of an idle list after a
/// finished animation, the theme switch, and the memory while scrolling back and forth.
enum BenchCarWindowViews {
    static let size = BenchSize(width: 1280, height: 720)
    static let rows = 10_000

    /// 10,000 numbered rows with a detail line.
    @CarWindowActor
    final class Rows: ListDataSource {
        func list(_ list: ListView, numberOfRowsIn section: Int) -> Int { BenchCarWindowViews.rows }
        func list(_ list: ListView, rowFor indexPath: IndexPath) -> ListRow {
            let row = list.dequeueRow(withIdentifier: "row") ?? ListRow(reuseIdentifier: "row")
            row.text = "Destination \(indexPath.row)"
            row.detailText = "\(indexPath.row % 97) km"
            return row
        }
    }

    /// A list beside a static panel of labels and buttons (what a media or navigation screen looks like), so dirty
    /// regions have something to save. The list holds its data source weakly: keep the returned one alive.
    @CarWindowActor
    static func makeWindow(
        renderMode: RenderMode = .dirtyRegions, clock: any Clock<Duration> = ContinuousClock()
    ) throws -> (Window, ListView, Rows) {
        var configuration = Window.Configuration()
        configuration.renderMode = renderMode
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: Double(size.width), height: Double(size.height))),
            configuration: configuration, clock: clock)
        let rows = Rows()
        let list = ListView(dataSource: rows)
        list.rowHeight = 72
        let panel = StackView(
            axis: .vertical, spacing: 12, insets: EdgeInsets(all: 20),
            arrangedSubviews: [
                Label(text: "Now playing", font: Font(size: 28, weight: .bold)),
                Label(text: "Kind of Blue · Miles Davis", font: Font(size: 20)),
                ProgressView(progress: 0.35), Toggle(title: "Shuffle", isOn: true), Slider(value: 0.6),
                SegmentedControl(segments: ["Songs", "Albums", "Artists"], selectedIndex: 0), View(),
            ])
        panel.preferredWidth = 420
        window.rootView = StackView(axis: .horizontal, arrangedSubviews: [list, panel])
        return (window, list, rows)
    }

    /// One finger scrolling: strokes of 60 moves of 9 points upwards (or downwards when `down`), one move per
    /// frame; the finger lifts and lands again between strokes.
    struct Finger {
        var frame = 0
        var timestamp = 0
        var down = false

        mutating func events() -> [OnTouchEvent] {
            defer {
                frame += 1
                timestamp += 16
            }
            let step = frame % 62
            let y = down ? 100 + step * 9 : 650 - step * 9
            switch step {
            case 0: return [touch(.begin, y: y)]
            case 61: return [touch(.end, y: down ? 100 + 60 * 9 : 650 - 60 * 9)]
            default: return [touch(.move, y: y)]
            }
        }

        private func touch(_ type: TouchType, y: Int) -> OnTouchEvent {
            OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: 0, ts: [timestamp], c: [TouchCoord(x: 600, y: y)])])
        }
    }

    /// Render time per frame while scrolling, in one render mode, into one reused buffer (as the frame pool does).
    @CarWindowActor
    static func scrollRender(
        frames: Int, mode: RenderMode
    ) throws -> (BenchSamples, visibleRows: Int, redrawn: Int, area: Double) {
        let (window, list, rows) = try makeWindow(renderMode: mode)
        defer { withExtendedLifetime(rows) {} }
        var buffer = try PixelBuffer(width: size.width, height: size.height)
        _ = try window.render(into: &buffer)
        var finger = Finger()
        var touches = TouchConverter(scale: window.metrics.scale)
        var samples = BenchSamples(capacity: frames)
        var redrawn = 0
        var area = 0.0
        for _ in 0..<frames {
            for event in finger.events() {
                if let touch = try touches.touch(from: event) { window.handleTouch(touch) }
            }
            window.frameTick()
            let start = ContinuousClock.now
            let report = try window.render(into: &buffer)
            samples.append(start.duration(to: .now))
            if report.wasDirty { redrawn += 1 }
            area += report.redrawnRegion.reduce(0) { $0 + $1.width * $1.height }
        }
        let share = area / (Double(size.width * size.height) * Double(max(1, redrawn)))
        return (samples, list.visibleIndexPaths.count, redrawn, share)
    }

    /// The whole pipeline while scrolling: touches, tick, render into a pooled frame, convert, encode, packetize.
    @CarWindowActor
    static func scrollPipeline(frames: Int) async throws -> BenchSamples {
        let (window, _, rows) = try makeWindow()
        defer { withExtendedLifetime(rows) {} }
        let configuration = StreamingConfiguration(frameRate: 60)
        let pump = FramePump(window: window, configuration: configuration)
        let sink = try PipelineSink(
            settings: configuration.applied(
                to: EncoderSettings(width: size.width, height: size.height, bitrate: size.bitrate)))
        var finger = Finger()
        var touches = TouchConverter(scale: window.metrics.scale)
        var samples = BenchSamples(capacity: frames)
        for index in 0..<frames {
            let start = ContinuousClock.now
            for event in finger.events() {
                if let touch = try touches.touch(from: event) { window.handleTouch(touch) }
            }
            let tick = try pump.tick(at: .milliseconds(16) * (index + 1))
            if let frame = tick.frame { pump.submissionFinished(await sink.submit(frame)) }
            samples.append(start.duration(to: .now))
        }
        return samples
    }

    /// CPU per second of wall time of an idle list after an animation finished, the pump on the real clock.
    @CarWindowActor
    static func staticList(seconds: Double) async throws -> (share: Double, animatorIdle: Bool) {
        let (window, list, rows) = try makeWindow()
        defer { withExtendedLifetime(rows) {} }
        let configuration = StreamingConfiguration(frameRate: 30)
        let pump = FramePump(window: window, configuration: configuration)
        let sink = try PipelineSink(
            settings: configuration.applied(
                to: EncoderSettings(width: size.width, height: size.height, bitrate: size.bitrate)))
        let driver = Task { try await pump.run(on: ContinuousClock(), sink: sink) }
        window.animate(duration: .milliseconds(200)) { list.alpha = 0.9 }
        try await Task.sleep(for: .milliseconds(700))  // the animation ends and the first frames are out
        let cpuStart = BenchCarWindowLive.processCPUTime()
        let wallStart = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        let cpu = BenchCarWindowLive.processCPUTime() - cpuStart
        let wall = wallStart.duration(to: .now)
        let idle = window.animator.isIdle
        driver.cancel()
        try await driver.value
        return (cpu / (Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18) * 100, idle)
    }

    /// Time from setting the theme to the frame in the new theme out of the encoder, day and night alternating.
    @CarWindowActor
    static func themeSwitch(times: Int) async throws -> BenchSamples {
        let (window, _, rows) = try makeWindow()
        defer { withExtendedLifetime(rows) {} }
        let configuration = StreamingConfiguration(frameRate: 30, refreshInterval: nil, settleRefreshes: [])
        let pump = FramePump(window: window, configuration: configuration)
        let sink = try PipelineSink(
            settings: configuration.applied(
                to: EncoderSettings(width: size.width, height: size.height, bitrate: size.bitrate)))
        var samples = BenchSamples(capacity: times)
        var now = Duration.zero
        for index in 0...times {
            let start = ContinuousClock.now
            window.theme = index % 2 == 0 ? .night : .day
            now += .milliseconds(33)
            let tick = try pump.tick(at: now)
            if let frame = tick.frame { pump.submissionFinished(await sink.submit(frame)) }
            if index > 0 { samples.append(start.duration(to: .now)) }  // the first is the stream's first frame
        }
        return samples
    }

    /// Resident memory before and after scrolling back and forth for `seconds`, and the rows the list made.
    @CarWindowActor
    static func memory(seconds: Double) throws -> (before: Int, after: Int, rowsCreated: Int, frames: Int) {
        let (window, list, rows) = try makeWindow()
        defer { withExtendedLifetime(rows) {} }
        var buffer = try PixelBuffer(width: size.width, height: size.height)
        var finger = Finger()
        var touches = TouchConverter(scale: window.metrics.scale)
        _ = try window.render(into: &buffer)
        let before = residentBytes()
        let end = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var frames = 0
        while ContinuousClock.now < end {
            // Down for 20 strokes, then back up for 20.
            finger.down = (frames / (62 * 20)) % 2 == 1
            for event in finger.events() {
                if let touch = try touches.touch(from: event) { window.handleTouch(touch) }
            }
            window.frameTick()
            _ = try window.render(into: &buffer)
            frames += 1
        }
        return (before, residentBytes(), list.rowsCreated, frames)
    }

    /// Resident set size from /proc/self/statm (0 where it cannot be read).
    static func residentBytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // "size resident shared text lib data dt", in pages.
        let fields = String(decoding: bytes.prefix(count), as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let resident = Int(fields[1]) else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
