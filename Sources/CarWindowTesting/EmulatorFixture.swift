public import Foundation
public import HeadUnit
public import Logging
public import SDLSession

/// The head-unit emulator for one test: listening on 127.0.0.1 on a free port, recording every video and audio
/// stream into a fresh temporary directory, and always stopped and cleaned up when the test's body returns or throws.
///
/// Test your own CarWindow app without a car: connect it to ``host`` and ``port``, drive the HMI through
/// ``headUnit`` (levels, resizes, touches), and check what it streamed in ``recordingFiles(withExtension:)`` with
/// `VideoProbe`. The fixture does not depend on a test framework; use swift-testing, XCTest or none.
///
/// ```swift
/// try await EmulatorFixture.run { emulator in
///     let events = await emulator.headUnit.events()      // subscribe before the app connects
///     let session = SDLSession(configuration: myApp, transport: emulator.transport())
///     try await session.start()
///     // ... stream, then stop the session
///     try await session.stop()
///     let recording = try emulator.recordingFiles().last
/// }
/// ```
///
/// The fixture follows the emulator for you (apps, frames, haptic rects, kept small) so a test can wait with a
/// deadline: `app(timeout:)`, ``firstFrame(of:timeout:)``, ``nextFrame(after:timeout:)``,
/// ``hapticRects(of:timeout:)``, `frame(after:timeout:where:)`; each throws `CarWindowTestingError` `.timeout`
/// saying what it waited for and what it saw. For anything else subscribe to `headUnit.events()` in the body,
/// before the app connects (it buffers without bound, so only to what the test reads).
public struct EmulatorFixture: Sendable {
    /// The running emulator. Stopping it in the body is allowed; the fixture stops it again (a no-op) at the end.
    public let headUnit: HeadUnitEmulator
    /// The address the emulator listens on: always `127.0.0.1`.
    public let host: String
    /// The port the emulator listens on, picked by the system.
    public let port: Int
    /// The temporary directory the emulator records into; removed when the fixture ends.
    public let directory: URL
    /// The emulator's JSON-lines event log in ``directory``, when the fixture was asked for one.
    public let eventLog: URL?
    /// What the fixture saw of the emulator (apps, frames, haptic rects), for the waits.
    let observer: EmulatorObserver

    /// The app's transport to the emulator, in memory: what a test of an app (its screens, its touches, its
    /// streams) connects with. No socket; each connection is a new app to the emulator.
    ///
    /// ```swift
    /// let session = SDLSession(configuration: app, transport: emulator.transport())
    /// ```
    public func transport() -> EmulatorTransport {
        EmulatorTransport(headUnit: headUnit)
    }

    /// A TCP transport to the emulator, for tests of what TCP adds (the link rate, a peer that resets or stalls,
    /// the secondary transport) and of code that takes a host and a port.
    ///
    /// ```swift
    /// let session = SDLSession(configuration: app, transport: emulator.tcpTransport())
    /// ```
    public func tcpTransport(
        configuration: TCPTransport.Configuration = TCPTransport.Configuration()
    ) -> TCPTransport {
        TCPTransport(host: host, port: port, configuration: configuration)
    }

    /// The emulator's configuration for tests: activation (HMI FULL) 50 ms after registration instead of Core's
    /// 0.5 s, everything else as SDL Core 8.2.
    public static var defaultConfiguration: HeadUnitConfiguration {
        HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
    }

    /// Starts the emulator, runs `body` with it, and stops it and removes its directory however `body` ends.
    ///
    /// - Parameters:
    ///   - configuration: what the emulator reports and how it behaves. Its `host`, `port` and `recordDirectory`
    ///     are replaced: 127.0.0.1, a free port, and the fixture's directory.
    ///   - eventLog: also write the emulator's JSON-lines event log, to ``eventLog``.
    ///   - logger: the emulator's logger.
    ///   - body: the test; runs on the caller's actor.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws; `HeadUnitError` when the emulator cannot start; `CarWindowTestingError`
    ///   `.fileSystem` when the directory cannot be made.
    ///
    /// ```swift
    /// var configuration = EmulatorFixture.defaultConfiguration
    /// configuration.video.preferredResolution = VideoSize(width: 1024, height: 600)
    /// try await EmulatorFixture.run(configuration: configuration) { emulator in
    ///     print("emulator on \(emulator.host):\(emulator.port)")
    /// }
    /// ```
    public static func run<Result>(
        configuration: HeadUnitConfiguration = EmulatorFixture.defaultConfiguration,
        eventLog: Bool = false,
        logger: Logger = Logger(label: "carwindow.headunit"),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (EmulatorFixture) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carwindow-emulator-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CarWindowTestingError(.fileSystem, "cannot create \(directory.path): \(error)")
        }
        let eventLogURL = eventLog ? directory.appendingPathComponent("events.jsonl") : nil
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.recordDirectory = directory.path
        configuration.eventLogPath = eventLogURL?.path
        let headUnit = HeadUnitEmulator(configuration: configuration, logger: logger)
        // Subscribed before the emulator listens, so the observer sees every app from its first event.
        let observer = EmulatorObserver()
        let events = await headUnit.events()
        let watch = Task {
            for await event in events { await observer.apply(event) }
            await observer.finish()
        }
        // Async work cannot go in a `defer`, so every exit below stops and cleans up by hand.
        let port: Int
        do {
            port = try await headUnit.start()
        } catch {
            await finish(headUnit, watch, directory)
            throw error
        }
        let fixture = EmulatorFixture(
            headUnit: headUnit, host: "127.0.0.1", port: port, directory: directory, eventLog: eventLogURL,
            observer: observer)
        let result: Result
        do {
            result = try await body(fixture)
        } catch {
            await finish(headUnit, watch, directory)
            throw error
        }
        await finish(headUnit, watch, directory)
        return result
    }

    private static func finish(_ headUnit: HeadUnitEmulator, _ watch: Task<Void, Never>, _ directory: URL) async {
        await headUnit.stop()
        // The event stream ends with the emulator; the watch ends with it.
        await watch.value
        try? FileManager.default.removeItem(at: directory)
    }

    /// The recordings in ``directory`` with extension `pathExtension`, oldest stream first.
    ///
    /// The emulator names them `app<N>-video<M>-<W>x<H>-<format>.h264` and `app<N>-audio<M>.pcm`; they are
    /// sorted by app, then stream number, so `video10` comes after `video9`.
    ///
    /// - Throws: `CarWindowTestingError` `.fileSystem` when the directory cannot be listed.
    ///
    /// ```swift
    /// let video = try emulator.recordingFiles()                   // .h264
    /// let audio = try emulator.recordingFiles(withExtension: "pcm")
    /// ```
    public func recordingFiles(withExtension pathExtension: String = "h264") throws(CarWindowTestingError) -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw CarWindowTestingError(.fileSystem, "cannot list \(directory.path): \(error)")
        }
        return
            names
            .filter { ($0 as NSString).pathExtension == pathExtension }
            .sorted { Self.order($0).lexicographicallyPrecedes(Self.order($1)) }
            .map { directory.appendingPathComponent($0) }
    }

    /// `app1-video12-800x480-raw.h264` -> [1, 12]: the numbers of the app and the stream.
    private static func order(_ name: String) -> [Int] {
        name.split(separator: "-").prefix(2).map { part in Int(part.drop { !$0.isNumber }.prefix { $0.isNumber }) ?? 0 }
    }
}
