import CarWindow
import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLRPC
import SDLSession
import Testing

@testable import CarWindowX11

/// Debian's own python3, which has the GTK bindings (python3-gi, gir1.2-gtk-3.0); not a pyenv one on PATH.
let systemPython = "/usr/bin/python3"

/// How long a wait in these tests may take at most: it bounds a failure, not the usual case.
let patience: Duration = .seconds(30)

/// The latest capture of `application` inside `area` (viewport pixels), one byte (green, which follows luma closely
/// enough for light against dark) per pixel, row by row; empty before the first capture or for an area outside it.
func capturedPixels(_ application: X11Application, in area: (x: Int, y: Int, w: Int, h: Int)) -> [UInt8] {
    var result: [UInt8] = []
    application.display.withFrontImage { image, width, height in
        guard area.x + area.w <= width, area.y + area.h <= height else { return }
        result.reserveCapacity(area.w * area.h)
        for y in area.y..<(area.y + area.h) {
            for x in area.x..<(area.x + area.w) {
                result.append(image.load(fromByteOffset: (y * width + x) * 4 + 1, as: UInt8.self))
            }
        }
    }
    return result
}

/// The emulator's events, kept for a test to look at.
actor EventLog {
    private(set) var events: [HeadUnitEvent] = []
    private var frameCountWatchers: [AsyncStream<Int>.Continuation] = []
    private var changeWatchers: [AsyncStream<Int>.Continuation] = []

    func append(_ event: HeadUnitEvent) {
        events.append(event)
        for watcher in changeWatchers { watcher.yield(events.count) }
        if case .videoFrame = event, !frameCountWatchers.isEmpty {
            let count = videoFrames
            for watcher in frameCountWatchers { watcher.yield(count) }
        }
    }

    /// The number of events now, then after each new one: what ``eventually(within:recheckingOn:isolation:_:)``
    /// rechecks a condition on the log (haptic rects, frame counts) on.
    ///
    /// ```swift
    /// let arrived = await eventually(within: .seconds(30), recheckingOn: await log.changes()) {
    ///     await !log.hapticSets.isEmpty
    /// }
    /// ```
    func changes() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(events.count)
        changeWatchers.append(continuation)
        return stream
    }

    /// The number of video frames now, then after each new one: await a count here rather than polling.
    ///
    /// ```swift
    /// try await firstElement(of: await log.videoFrameCounts(), "3 frames", within: .seconds(30)) { $0 >= 3 }
    /// ```
    func videoFrameCounts() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(videoFrames)
        frameCountWatchers.append(continuation)
        return stream
    }

    var hapticSets: [[SDLRPC.HapticRect]] {
        events.compactMap { if case .hapticRects(_, let rects) = $0 { rects } else { nil } }
    }
    var videoFrames: Int { events.filter { if case .videoFrame = $0 { true } else { false } }.count }
    var app: AppID? {
        events.lazy.compactMap { if case .appRegistered(let app, _, _) = $0 { app } else { nil } }.first
    }
}

/// An X11 program projected into the emulator: the application on its own Xvfb, its view as the projection's root,
/// and the emulator's events. ``shutDown()`` stops everything; call it on every path.
@CarWindowActor
final class X11Harness {
    let emulator: EmulatorFixture
    let application: X11Application
    let projection: Projection
    let windowSource: WindowSource
    let view: X11AppView
    let log = EventLog()
    private var tasks: [Task<Void, Never>] = []

    init(emulator: EmulatorFixture, command: [String], haptics: Bool = true) async throws {
        self.emulator = emulator
        var logger = Logger(label: "carwindow.x11.test")
        logger.logLevel = .warning
        application = try await X11Application.launch(
            command: command, viewport: Size(width: 800, height: 480), haptics: haptics, logger: logger)
        do {
            try await application.waitForWindow()
            var app = AppConfiguration(appName: "X11 Test", appID: "carwindow-x11-test", appType: .projection)
            app.logger.logLevel = .critical
            var settings = CarWindowSettings(app: app)
            settings.projection.gestures = X11Application.gestureConfiguration
            windowSource = try WindowSource(settings: settings)
            projection = Projection(settings: settings, transport: emulator.transport())
            view = application.makeView()
            windowSource.rootView = view
        } catch {
            await application.stop()
            throw error
        }
        let events = await emulator.headUnit.events()
        let log = self.log
        tasks.append(Task { for await event in events { await log.append(event) } })
    }

    /// Starts the projection and waits for `frames` video frames at the emulator.
    func start(frames: Int = 1) async throws -> AppID {
        try await projection.start(source: windowSource)
        let log = self.log
        try await firstElement(of: await log.videoFrameCounts(), "\(frames) video frames", within: .seconds(30)) {
            $0 >= frames
        }
        return try #require(await log.app)
    }

    /// Waits until the program stopped drawing (no capture for half a second): its layout at the viewport size is
    /// done, so taps land where the test expects its widgets. A quiet period has no signal: the half second is the
    /// thing measured, restarted by each capture, bounded by the 20 s deadline.
    func settle() async throws {
        let application = self.application
        let settled = await quietPeriod(
            of: application.captureCounts(), lasting: .milliseconds(500), within: .seconds(20)
        ) { application.captureCount }
        try #require(settled, "the program kept drawing")
    }

    func shutDown() async {
        try? await projection.stop()
        await application.stop()
        for task in tasks { task.cancel() }
    }
}

/// Writes `source` to a new temporary file and returns its path.
func writeProgram(_ source: String, named name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-x11-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file
}

/// ffmpeg on the recordings: every decoded frame's luma plane.
enum Frames {
    static func luma(_ file: URL, width: Int, height: Int) async throws -> [[UInt8]] {
        let arguments = ["-v", "error", "-f", "h264", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"]
        let ffmpeg = ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        let output = try await ffmpeg.run(arguments)
        try ffmpeg.check(output, arguments)
        let data = output.standardOutput
        let size = width * height
        return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
    }

    /// Mean absolute difference of two frames inside `rect` (pixels), 0...255.
    static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, in rect: (x: Int, y: Int, w: Int, h: Int)) -> Double
    {
        var total = 0
        for y in rect.y..<(rect.y + rect.h) {
            for x in rect.x..<(rect.x + rect.w) {
                total += abs(Int(a[y * width + x]) - Int(b[y * width + x]))
            }
        }
        return Double(total) / Double(rect.w * rect.h)
    }
}

/// Keeps every message logged through it, for tests of what a projection says.
struct RecordingLogHandler: LogHandler {
    final class Messages: @unchecked Sendable {
        // Unchecked: `all` is only touched under `lock`.
        private let lock = NSLock()
        private var all: [String] = []
        func append(_ message: String) { lock.withLock { all.append(message) } }
        var messages: [String] { lock.withLock { all } }
    }

    let sink: Messages
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { sink.append("\(event.message)") }
}
