import Foundation
import HeadUnit
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming
import SDLWire
import Synchronization

/// One row of `carwindow bench transport`: the moving pattern at 1280x720 into an in-process emulator over one
/// link, measured for a while once the video runs. The emulator, the app and the link are all in this process, so
/// the CPU figure is the whole path's (encode included) per megabyte of video, and a transport's cost is its
/// difference from TCP's.
struct BenchTransportRun {
    enum Link: String, CaseIterable, Sendable {
        /// `--core HOST:PORT`.
        case tcp
        /// `--core ws://HOST:PORT` into the emulator's `--websocket-port`.
        case ws
        /// `--listen ws://HOST:PORT`, dialed by the emulator's `--cloud-app` on activation.
        case cloud
    }

    var link: Link
    var seconds: Double
    /// Taps sent during the measured time, spread evenly.
    var taps: Int

    struct Figures: Sendable {
        var link: Link
        var framesPerSecond: Double
        var megabytesPerSecond: Double
        /// This process's CPU time per megabyte of video received, in milliseconds.
        var cpuMillisecondsPerMegabyte: Double
        /// From the emulator handing a tap's BEGIN to its link until the app's run reported it.
        var touchDelivery: BenchSamples
        var tapsSent: Int
    }

    /// What the emulator received and when the app saw the touches, across tasks.
    private final class Tally: Sendable {
        let frames = Mutex((count: 0, bytes: 0))
        let touchArrivals = Mutex<[ContinuousClock.Instant]>([])
        let started = Mutex(false)
    }

    private static let appID = "bench-transport"

    func measure() async throws -> Figures {
        var configuration = HeadUnitConfiguration(port: 0)
        // The HMI activates at once: the figures measure the link, not an emulated user's delay.
        configuration.activationDelay = .zero
        configuration.video.maxBitrate = BenchRig.bitrate
        configuration.video.preferredResolution = VideoSize(width: 1280, height: 720)
        configuration.webSocketPort = 0
        // A cloud app's server is bound first: the emulator's policy entry names its port.
        var server: WebSocketServerTransport?
        if link == .cloud {
            let bound = try await WebSocketServerTransport.bind(
                on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0"),
                logger: BenchRig.quietLogger("carwindow.bench.listen"))
            server = bound
            configuration.cloudApps = [
                CloudApp(policyAppID: Self.appID, endpoint: WebSocketURL(host: "127.0.0.1", port: bound.port))
            ]
        }
        let headUnit = HeadUnitEmulator(
            configuration: configuration, logger: BenchRig.quietLogger("carwindow.bench.headunit"))
        let port = try await headUnit.start()
        do {
            let figures: Figures
            switch link {
            case .tcp:
                figures = try await run(
                    transport: TCPTransport(host: "127.0.0.1", port: port), headUnit: headUnit)
            case .ws:
                let webSocketPort = await headUnit.webSocketPort ?? 0
                figures = try await run(
                    transport: WebSocketTransport(url: WebSocketURL(host: "127.0.0.1", port: webSocketPort)),
                    headUnit: headUnit)
            case .cloud:
                guard let server else { throw BenchTransportError("no server for the cloud app") }
                figures = try await run(transport: server, headUnit: headUnit)
            }
            await headUnit.stop()
            await server?.close()
            return figures
        } catch {
            await headUnit.stop()
            await server?.close()
            throw error
        }
    }

    private func run(transport: some SDLTransport, headUnit: HeadUnitEmulator) async throws -> Figures {
        let streaming = BenchRig.pattern(name: "Transport", appID: Self.appID, transport: transport, policy: .fail)
        let tally = Tally()
        let events = await streaming.events()
        let headUnitEvents = await headUnit.events()
        // Its stream ends only when the emulator stops: cancelled once the figures are in.
        let counting = Task {
            for await event in headUnitEvents {
                guard case .videoFrame(_, _, let bytes) = event else { continue }
                tally.frames.withLock {
                    $0.count += 1
                    $0.bytes += bytes
                }
            }
        }
        defer { counting.cancel() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events {
                    switch event {
                    case .video(let video):
                        if case .started = video { tally.started.withLock { $0 = true } }
                    case .touch(let touch) where touch.type == .begin:
                        tally.touchArrivals.withLock { $0.append(.now) }
                    default: break
                    }
                }
            }
            group.addTask {
                do {
                    try await streaming.run(source: BenchRig.patternSource())
                } catch {
                    throw BenchTransportError("the \(link.rawValue) run failed: \(error)")
                }
            }
            do {
                if link == .cloud { try await headUnit.activateCloudApp(Self.appID) }
                try await Self.waitUntil("the video started over \(link.rawValue)", within: .seconds(60)) {
                    tally.started.withLock { $0 }
                }
                guard let app = await headUnit.apps().first?.app else { throw BenchTransportError("no app connected") }
                // The encoder's first frames (an IDR, rate control settling) are start-up, not the link.
                try await Task.sleep(for: .seconds(1))
                let cpuStart = BenchCarWindowLive.processCPUTime()
                let startFrames = tally.frames.withLock { $0 }
                let wallStart = ContinuousClock.now
                let window = Duration.milliseconds(Int64(seconds * 1_000))
                var sent: [ContinuousClock.Instant] = []
                for tap in 0..<taps {
                    let offset = Int64(seconds * 1_000 * (Double(tap) + 0.5) / Double(taps))
                    try await Task.sleep(until: wallStart + .milliseconds(offset), clock: .continuous)
                    let before = tally.touchArrivals.withLock { $0.count }
                    let at = ContinuousClock.now
                    // A BEGIN alone: it reaches the app as one touch line, whatever the source does with it.
                    if try await headUnit.injectTouches(Array(OnTouchEvent.tap(x: 100, y: 100).prefix(1)), to: app) > 0
                    {
                        sent.append(at)
                    }
                    // The next tap only once this one arrived, so the times pair up one to one.
                    try await Self.waitUntil("tap \(tap + 1) at the app", within: .seconds(10)) {
                        tally.touchArrivals.withLock { $0.count } > before
                    }
                    let end = OnTouchEvent(
                        type: .end, event: [SDLRPC.TouchEvent(id: 0, ts: [1], c: [TouchCoord(x: 100, y: 100)])])
                    _ = try await headUnit.injectTouches([end], to: app)
                }
                try await Task.sleep(until: wallStart + window, clock: .continuous)
                let wall = wallStart.duration(to: .now)
                let cpu = BenchCarWindowLive.processCPUTime() - cpuStart
                let endFrames = tally.frames.withLock { $0 }
                // The run ends, and with it the events' stream: the group's tasks end on their own.
                try? await streaming.stop()
                let arrivals = tally.touchArrivals.withLock { $0 }.suffix(sent.count)
                var delivery = BenchSamples(capacity: sent.count)
                for (handed, arrived) in zip(sent, arrivals) { delivery.append(handed.duration(to: arrived)) }
                let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
                let megabytes = Double(endFrames.bytes - startFrames.bytes) / 1_000_000
                return Figures(
                    link: link, framesPerSecond: Double(endFrames.count - startFrames.count) / wallSeconds,
                    megabytesPerSecond: megabytes / wallSeconds,
                    cpuMillisecondsPerMegabyte: megabytes > 0 ? cpu * 1_000 / megabytes : 0, touchDelivery: delivery,
                    tapsSent: sent.count)
            } catch {
                // Whatever failed, the run ends, and with it the group's tasks.
                try? await streaming.stop()
                throw error
            }
        }
    }

    /// Polls `condition` every 10 ms until it holds; a bench, not a test, so a wall-clock wait is its business.
    private static func waitUntil(
        _ what: String, within timeout: Duration, _ condition: @Sendable () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw BenchTransportError("\(what): not within \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Why `carwindow bench transport` could not measure.
struct BenchTransportError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
