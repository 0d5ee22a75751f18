import CarWindow
import CarWindowDemo
import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLRPC
import SDLSession
import SDLStreaming
import Testing

@testable import SDLProjection

/// Keeps every event of a stream and lets a test wait until the events so far satisfy a condition. The wait ends
/// early when the stream ends, and at its deadline with a recorded issue, so a test fails instead of hanging.
actor Recorder<Event: Sendable> {
    private struct Waiter {
        var condition: @Sendable ([Event]) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    private(set) var events: [Event] = []
    private var finished = false
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    /// Starts consuming `stream` in a task the caller owns (cancel it at the end).
    nonisolated func consume(_ stream: AsyncStream<Event>) -> Task<Void, Never> {
        Task {
            for await event in stream { await self.append(event) }
            await self.finish()
        }
    }

    private func append(_ event: Event) {
        events.append(event)
        resume()
    }

    private func finish() {
        finished = true
        resume()
    }

    private func resume() {
        let snapshot = events
        for (id, waiter) in waiters where finished || waiter.condition(snapshot) {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    private func expire(_ id: Int, after timeout: Duration, sourceLocation: SourceLocation) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        Issue.record(
            "no matching event within \(timeout) (\(events.count) events so far)", sourceLocation: sourceLocation)
        waiter.continuation.resume()
    }

    /// Waits until `condition` holds for the events so far (or the stream ended, or `timeout` passed: then the test
    /// gets an issue) and returns them.
    @discardableResult
    func wait(
        timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        until condition: @escaping @Sendable ([Event]) -> Bool
    ) async -> [Event] {
        guard !finished, !condition(events) else { return events }
        let id = nextWaiter
        nextWaiter += 1
        let deadline = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self.expire(id, after: timeout, sourceLocation: sourceLocation) }
        }
        await withCheckedContinuation { waiters[id] = Waiter(condition: condition, continuation: $0) }
        deadline.cancel()
        return events
    }
}

/// The emulator, a projection of the navigation screen connected to it in memory (over TCP on a free port with
/// `overTCP`, for the tests of what a socket adds), and recorders of both sides' events. `shutDown()` stops
/// everything; call it on every path.
@CarWindowActor
final class ProjectionHarness {
    let headUnit: HeadUnitEmulator
    let projection: Projection
    let windowSource: WindowSource
    let screen = NavigationScreen()
    let recordings: URL
    let headUnitEvents = Recorder<HeadUnitEvent>()
    /// The run's events (touches once each, gestures as the window got them), from the projection's start.
    let runEvents = Recorder<ProjectionEvent>()
    let gestures = Recorder<Gesture>()
    private var tasks: [Task<Void, Never>] = []

    init(
        video: VideoCapability = VideoCapability(), quirks: CoreQuirks = CoreQuirks(),
        lights: VehicleLights = VehicleLights(),
        disconnectPolicy: ProjectionOptions.DisconnectPolicy = .fail, resumptionHashID: String? = nil,
        overTCP: Bool = false, configureApp: (inout AppConfiguration) -> Void = { _ in }, audioFile: String? = nil,
        buttons: [ButtonName] = HeadUnitConfiguration.tracedButtons, audioClock: (any Clock<Duration>)? = nil
    ) async throws {
        recordings = FileManager.default.temporaryDirectory.appendingPathComponent("cw-int-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        var configuration = HeadUnitConfiguration(port: 0, video: video, activationDelay: .milliseconds(50))
        configuration.recordDirectory = recordings.path
        configuration.quirks = quirks
        configuration.lights = lights
        configuration.buttons = buttons
        headUnit = HeadUnitEmulator(configuration: configuration)
        tasks.append(headUnitEvents.consume(await headUnit.events()))
        let port = try await headUnit.start()
        var app = NavigationDemo.appConfiguration(name: "Integration Test")
        app.logger.logLevel = .critical
        app.resumptionHashID = resumptionHashID
        configureApp(&app)
        var settings = CarWindowSettings(app: app)
        settings.projection.disconnectPolicy = disconnectPolicy
        settings.projection.audioFile = audioFile
        if overTCP {
            projection = Projection(settings: settings, transport: TCPTransport(host: "127.0.0.1", port: port))
        } else if let audioClock {
            // The audio paced by the test's clock: a long file plays in no time, and stops where the test stops it.
            var logger = Logger(label: "carwindow.video")
            logger.logLevel = .critical
            projection = Projection(
                options: settings.projection, transport: EmulatorTransport(headUnit: headUnit),
                encoderFactory: MediaEncoderFactory(), logger: logger, endpoint: "the emulator",
                clock: ContinuousClock(), audioClock: audioClock)
        } else {
            projection = Projection(settings: settings, transport: EmulatorTransport(headUnit: headUnit))
        }
        windowSource = try WindowSource(settings: settings)
        try screen.install(in: windowSource.window)
        tasks.append(runEvents.consume(await projection.events()))
        let (gestureStream, gesture) = AsyncStream.makeStream(of: Gesture.self)
        windowSource.window.onGesture = { gesture.yield($0) }
        tasks.append(gestures.consume(gestureStream))
    }

    /// Starts the projection and waits until it streams and the emulator received `frames` access units.
    func startStreaming(frames: Int = 1) async throws -> AppID {
        try await projection.start(source: windowSource)
        let events = await headUnitEvents.wait { events in events.filter(\.isVideoFrame).count >= frames }
        return try #require(events.lazy.compactMap(\.registeredApp).first)
    }

    /// Waits for the next `SendHapticData` the emulator receives after the `skipping` ones already seen.
    func hapticRects(after skipping: Int = 0) async -> [HapticRect]? {
        let events = await headUnitEvents.wait { events in events.compactMap(\.hapticRects).count > skipping }
        let sets = events.compactMap(\.hapticRects)
        return sets.count > skipping ? sets[skipping] : nil
    }

    func videoFrameCount() async -> Int {
        await headUnitEvents.events.filter(\.isVideoFrame).count
    }

    func shutDown() async {
        try? await projection.stop()
        await headUnit.stop()
        for task in tasks { task.cancel() }
    }

    /// The `.h264` recordings, one per video stream, oldest first.
    nonisolated func recordingFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: recordings.path)
            .filter { $0.hasSuffix(".h264") }.sorted()
            .map { recordings.appendingPathComponent($0) }
    }

    nonisolated func removeRecordings() {
        try? FileManager.default.removeItem(at: recordings)
    }
}
