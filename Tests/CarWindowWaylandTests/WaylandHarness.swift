import CarWindow
import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLRPC
import SDLSession
import Testing

@testable import CarWindowWayland

/// Debian's own python3, which has the GTK bindings (python3-gi, gir1.2-gtk-4.0); not a pyenv one on PATH.
let systemPython = "/usr/bin/python3"

/// How long a wait in these tests may take at most: it bounds a failure, not the usual case.
let patience: Duration = .seconds(30)

/// Whether the compositor these tests need is installed (Debian sway).
let swayInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/sway")

/// Every suite that runs a real Wayland program, one after another: two compositors with GTK at once would load the
/// 2-core machine for nothing.
@Suite("Wayland programs", .serialized, .enabled(if: swayInstalled, "sway is not installed (Debian sway)"))
struct WaylandPrograms {}

/// The latest capture of `application` inside `area` (output pixels), one byte (green) per pixel, row by row; empty
/// before the first capture or for an area outside it.
func capturedPixels(_ application: WaylandApplication, in area: (x: Int, y: Int, w: Int, h: Int)) -> [UInt8] {
    var result: [UInt8] = []
    application.display.withFrontImage { image, width, height, stride in
        guard area.x + area.w <= width, area.y + area.h <= height else { return }
        result.reserveCapacity(area.w * area.h)
        for y in area.y..<(area.y + area.h) {
            for x in area.x..<(area.x + area.w) {
                result.append(image.load(fromByteOffset: y * stride + x * 4 + 1, as: UInt8.self))
            }
        }
    }
    return result
}

/// The size of the latest capture.
func capturedSize(_ application: WaylandApplication) -> (width: Int, height: Int) {
    var size = (width: 0, height: 0)
    application.display.withFrontImage { _, width, height, _ in size = (width, height) }
    return size
}

/// The emulator's events, kept for a test to look at.
actor EventLog {
    private(set) var events: [HeadUnitEvent] = []
    private var watchers: [AsyncStream<Int>.Continuation] = []

    func append(_ event: HeadUnitEvent) {
        events.append(event)
        if case .videoFrame = event {
            let count = videoFrames
            for watcher in watchers { watcher.yield(count) }
        }
    }

    /// The number of video frames now, then after each new one.
    func videoFrameCounts() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(videoFrames)
        watchers.append(continuation)
        return stream
    }

    var videoFrames: Int { events.filter { if case .videoFrame = $0 { true } else { false } }.count }
    var app: AppID? {
        events.lazy.compactMap { if case .appRegistered(let app, _, _) = $0 { app } else { nil } }.first
    }
}

/// A Wayland program projected into the emulator: the program in its own headless compositor, its view as the
/// projection's root, and the emulator's events. ``shutDown()`` stops everything; call it on every path.
@CarWindowActor
final class WaylandHarness {
    let emulator: EmulatorFixture
    let application: WaylandApplication
    let projection: Projection
    let windowSource: WindowSource
    let view: WaylandAppView
    let log = EventLog()
    private var tasks: [Task<Void, Never>] = []

    init(emulator: EmulatorFixture, command: [String], environment: [String: String] = [:]) async throws {
        self.emulator = emulator
        var logger = Logger(label: "carwindow.wayland.test")
        logger.logLevel = .warning
        application = try await WaylandApplication.launch(
            // No haptics in this process: libatspi reads one bus per process, and the X11 GTK test needs it.
            command: command, viewport: Size(width: 800, height: 480), haptics: false,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, logger: logger)
        do {
            try await application.waitForWindow()
            var app = AppConfiguration(appName: "Wayland Test", appID: "carwindow-wayland-test", appType: .projection)
            app.logger.logLevel = .critical
            var settings = CarWindowSettings(app: app)
            settings.projection.gestures = WaylandApplication.gestureConfiguration
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

    /// Waits until the program stopped drawing (no capture for half a second): its layout at the output's size is
    /// done. A quiet period has no signal: the half second is the thing measured, bounded by the 20 s deadline.
    func settle() async throws {
        let application = self.application
        let settled = await quietPeriod(
            of: application.captureCounts(), lasting: .milliseconds(500), within: .seconds(20)
        ) { application.captureCount }
        try #require(settled, "the program kept drawing")
    }

    /// Waits for `count` more video frames at the emulator.
    func frames(_ count: Int) async throws {
        let log = self.log
        let now = await log.videoFrames
        try await firstElement(of: await log.videoFrameCounts(), "\(count) more frames", within: .seconds(30)) {
            $0 >= now + count
        }
    }

    func shutDown() async {
        try? await projection.stop()
        await application.stop()
        for task in tasks { task.cancel() }
    }
}

/// Writes `source` to a new temporary file and returns its path.
func writeProgram(_ source: String, named name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-wl-\(UUID().uuidString)")
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
