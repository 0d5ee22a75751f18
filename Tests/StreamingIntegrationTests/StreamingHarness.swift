import CarWindowTesting
import Foundation
import HeadUnit
import Logging
import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming

/// Puts a formats first, data-source style.
struct PreferFormat: VideoStreamingDataSource {
    var first: VideoStreamingFormat
    func preferredFormats(headUnitFormats: [VideoStreamingFormat]) -> [VideoStreamingFormat] {
        [first] + headUnitFormats.filter { $0 != first }
    }
}

typealias Manager = VideoStreamManager<MediaEncoderFactory, ContinuousClock>

/// The emulator on 127.0.0.1 port 0 (CarWindowTesting's `EmulatorFixture`), a real TCP session, the video manager
/// and its driver, all in-process.
///
/// `run` starts everything, hands the test a ``Context`` and always shuts down (manager, session, emulator), on
/// failure too. Waits are on events, never on time.
enum StreamingHarness {
    struct Context {
        let headUnit: HeadUnitEmulator
        let session: SDLSession
        let manager: Manager
        /// The emulator's id for our app (known once it registered).
        let app: AppID
        let emulator: EmulatorFixture
        private let eventBox: EventBox

        init(session: SDLSession, manager: Manager, app: AppID, emulator: EmulatorFixture, events: EventBox) {
            self.headUnit = emulator.headUnit
            self.session = session
            self.manager = manager
            self.app = app
            self.emulator = emulator
            self.eventBox = events
        }

        /// Reads manager events until one matches; returns it and everything read before it.
        @discardableResult
        func next(
            _ what: String, where matches: (VideoStreamEvent) -> Bool
        ) async throws -> (match: VideoStreamEvent, before: [VideoStreamEvent]) {
            var before: [VideoStreamEvent] = []
            while let event = await eventBox.next() {
                if matches(event) { return (event, before) }
                before.append(event)
            }
            throw HarnessError("manager events ended before \(what); saw \(before)")
        }

        /// Waits until the manager is stopped, then returns this context reading only the events that follow.
        ///
        /// For races the test cannot order: when Core ACKs a retry just before its NONE, the manager announces a
        /// stream and stops it again; when the NONE comes first, it ends the service unannounced. Either way, once
        /// it is stopped, what comes next is the answer to what the test does next. The unannounced case has no
        /// event of its own, so this awaits the manager's status stream, for at most 20 s: a manager that never
        /// stops fails the test with its last status instead of hanging it.
        func afterManagerStops() async throws -> Context {
            try await firstElement(of: await manager.statuses(), "the video manager stopping", within: .seconds(20)) {
                $0.state == .stopped
            }
            return Context(
                session: session, manager: manager, app: app, emulator: emulator,
                events: EventBox(await manager.events()))
        }

        /// Waits for `.started` and returns its stream.
        func started() async throws -> VideoStreamDescription {
            let (event, _) = try await next("started") { if case .started = $0 { true } else { false } }
            guard case .started(let stream) = event else { throw HarnessError("unreachable") }
            return stream
        }

        /// Sends `count` pattern frames at `size`, returning how many were sent.
        func sendFrames(_ count: Int, size: ImageResolution, from start: Int = 0) async -> Int {
            let scene = SyntheticScene(width: size.width, height: size.height, format: .i420)
            let pool = PixelBufferPool(format: .i420, width: size.width, height: size.height)
            var sent = 0
            for index in start..<(start + count) {
                let frame = pool.makeFrame(presentationTime: .zero)
                scene.render(frameIndex: index, into: frame)
                if case .sent = await manager.send(frame) { sent += 1 }
            }
            return sent
        }

        /// Waits for the session to see this HMI level (the emulator sent it and our side read it).
        func sessionSees(_ level: SDLRPC.HMILevel) async {
            for await status in await session.hmiStatusUpdates() where status.hmiLevel == level { return }
        }

        /// The `.h264` recordings, oldest first (the emulator numbers them per app and stream).
        func recordingFiles() throws -> [URL] {
            try emulator.recordingFiles()
        }
    }

    static func run(
        configure: (inout HeadUnitConfiguration) -> Void = { _ in },
        app configureApp: (inout AppConfiguration) -> Void = { _ in },
        settings: VideoStreamingSettings = VideoStreamingSettings(),
        adaptsBitrate: Bool = false,
        _ body: (Context) async throws -> Void
    ) async throws {
        var configuration = EmulatorFixture.defaultConfiguration
        configure(&configuration)
        // These tests count every frame. Synthetic noise at an interface's default target (1.5 Mbit/s at 800x480)
        // makes the rate control skip frames, so ask for more; the head unit's maxBitrate stays the ceiling.
        var settings = settings
        if settings.customBitrate == nil { settings.customBitrate = 20_000_000 }
        // For the same reason, frames are not dropped for a slow link here, unless the test is about that: on a
        // loaded machine a write can wait long enough to look like one.
        if !adaptsBitrate { settings.bitrateAdaptation = .disabled }
        var app = AppConfiguration(appName: "Integration", appID: "swiftsdl-nav")
        app.logger.logLevel = .critical
        // The start-up answers come from an emulator in this process: when the whole suite starts at once on two
        // cores they can take longer than a real head unit's 5 s. (Tests about timeouts set their own.)
        app.timeouts.protocolStart = .seconds(30)
        app.timeouts.response = .seconds(30)
        configureApp(&app)
        // TCP: the link rate (setLinkKbps) and the socket's back-pressure are what these tests are about.
        try await EmulatorFixture.withSession(app: app, configuration: configuration, inMemory: false) {
            emulator, session, appID in
            var logger = Logger(label: "carwindow.video.test")
            logger.logLevel = .critical
            let manager = Manager(
                settings: settings, connection: SessionVideoServiceConnection(session: session),
                encoderFactory: MediaEncoderFactory(), clock: ContinuousClock(), logger: logger)
            let events = EventBox(await manager.events())
            var failure: (any Error)?
            await withDiscardingTaskGroup { group in
                group.addTask { await manager.run() }
                group.addTask {
                    // The emulator always answers GetSystemCapability; a short wait would, on a loaded machine, start
                    // a stream without it and restart when it lands (a third recording where a test expects two).
                    await SessionVideoDriver(session: session, capabilityWait: .seconds(20)).run(feeding: manager)
                }
                do {
                    try await body(
                        Context(session: session, manager: manager, app: appID, emulator: emulator, events: events))
                } catch {
                    failure = error
                }
                // The manager and the driver end with the session.
                try? await session.stop()
                group.cancelAll()
            }
            if let failure { throw failure }
        }
    }
}

/// What ffprobe decodes of a recording: size and frame count (CarWindowTesting's `VideoProbe`).
func decoded(_ file: URL) async throws -> VideoSummary {
    try await VideoProbe().summary(of: file)
}

/// One reader over the manager's events, shared by the test's steps.
actor EventBox {
    private var iterator: AsyncStream<VideoStreamEvent>.AsyncIterator

    init(_ stream: AsyncStream<VideoStreamEvent>) { iterator = stream.makeAsyncIterator() }

    func next() async -> VideoStreamEvent? {
        // An async mutating call cannot go through actor storage directly; the iterator is a reference underneath.
        var local = iterator
        let event = await local.next(isolation: self)
        iterator = local
        return event
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
