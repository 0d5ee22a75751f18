public import HeadUnit
import NIOConcurrencyHelpers

/// The viewer's view of CarWindow's head-unit emulator: the thin adapter between ``ViewerBackend`` and `HeadUnit`.
///
/// The viewer shows one app at a time, the *projecting app*: the one whose video started last, or else the first
/// that registered. Commands go to it. Two things the emulator cannot do are kept here:
/// - the app's own state (foreground/background lives on the phone): ``appStateRequests`` delivers what the viewer
///   asked for, and the demo subscribes to it;
/// - the arrival time of an access unit: stamped when the unit reaches this adapter, right after the emulator
///   converted it, so the latency shown starts there.
///
/// ```swift
/// let headUnit = HeadUnit(configuration: HeadUnitConfiguration(port: 12345))
/// _ = try await headUnit.start()
/// let backend = HeadUnitBackend(headUnit: headUnit)
/// let viewer = ViewerServer(backend: backend, configuration: .init(port: 8080))
/// ```
public final class HeadUnitBackend: ViewerBackend {
    private struct Tracked: Sendable {
        var projectingApp: AppID?
        var format: ViewerVideoFormat?
        var hapticRects: [AppID: [ViewerHapticRect]] = [:]
        var appState: ViewerAppState?
        var rejected: [ViewerVideoFormat] = []
    }

    /// The emulator.
    public let headUnit: HeadUnit
    /// The app states the viewer asked for, for whoever runs the app (the demo). Buffers the latest few.
    public let appStateRequests: AsyncStream<ViewerAppState>
    private let appStateContinuation: AsyncStream<ViewerAppState>.Continuation
    private let tracked = NIOLockedValueBox(Tracked())

    /// Creates the adapter. Subscribe before apps connect, or the first events are missed.
    public init(headUnit: HeadUnit) {
        self.headUnit = headUnit
        (appStateRequests, appStateContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    public typealias VideoUnits = AsyncCompactMapSequence<AsyncStream<VideoAccessUnit>, ViewerAccessUnit>
    public typealias Events = AsyncCompactMapSequence<AsyncStream<HeadUnitEvent>, ViewerEvent>

    public func videoStream() async -> VideoUnits {
        let fps = max(1, await headUnit.configuration.video.preferredFPS)
        let tracked = self.tracked
        return await headUnit.accessUnits().compactMap { @Sendable unit in
            let (app, format) = tracked.withLockedValue { ($0.projectingApp, $0.format) }
            guard app == nil || app == unit.app else { return nil }
            return ViewerAccessUnit(
                bytes: unit.annexB, presentationTime: .microseconds(unit.index * 1_000_000 / fps),
                arrivalTime: .now, width: unit.size.width, height: unit.size.height, format: format ?? .h264RAW)
        }
    }

    public func eventStream() async -> Events {
        let tracked = self.tracked
        return await headUnit.events().compactMap { @Sendable event in Self.translate(event, tracked: tracked) }
    }

    public func snapshot() async -> ViewerState {
        let apps = await headUnit.apps()
        let video = await headUnit.configuration.video
        let tracked = self.tracked.withLockedValue { $0 }
        let projecting = apps.first { $0.app == tracked.projectingApp } ?? apps.first
        return ViewerState(
            apps: apps.map {
                ViewerApp(
                    id: String($0.app.rawValue), name: $0.appName ?? "app \($0.app.rawValue)",
                    hmiLevel: ViewerHMILevel($0.hmiStatus.level))
            },
            hmiLevel: projecting.map { ViewerHMILevel($0.hmiStatus.level) }, appState: tracked.appState,
            screen: ViewerScreen(
                width: video.preferredResolution.width, height: video.preferredResolution.height, scale: video.scale),
            format: projecting?.videoStreaming == true ? tracked.format : nil,
            supportedFormats: video.supportedFormats.map { ViewerVideoFormat(codec: $0.codec, protocol: $0.protocol) },
            rejectedFormats: tracked.rejected, isStreaming: projecting?.videoStreaming ?? false,
            hapticRects: projecting.flatMap { tracked.hapticRects[$0.app] } ?? [])
    }

    public func perform(_ command: ViewerCommand) async throws(ViewerError) {
        do {
            switch command {
            case .setHMILevel(let level):
                try await headUnit.setHMILevel(HMILevel(level), for: try await projectingApp())
            case .setAppState(let state):
                tracked.withLockedValue { $0.appState = state }
                appStateContinuation.yield(state)
            case .resize(let screen):
                try await headUnit.resize(
                    to: VideoSize(width: screen.width, height: screen.height), scale: screen.scale)
            case .rejectFormat(let format):
                let rejected = tracked.withLockedValue { tracked in
                    if !tracked.rejected.contains(format) { tracked.rejected.append(format) }
                    return tracked.rejected
                }
                await headUnit.rejectVideoFormats(
                    Set(rejected.map { VideoFormat(codec: $0.codec, protocol: $0.protocol) }))
            case .dropConnection:
                try await headUnit.dropConnection(try await projectingApp())
            case .touch(let event):
                let touch = TouchEvent(
                    type: TouchType(event.type),
                    points: event.touches.map {
                        TouchPoint(id: $0.id, timestamp: $0.timestamp, x: Int($0.x.rounded()), y: Int($0.y.rounded()))
                    })
                let sent = try await headUnit.injectTouches([touch], to: try await projectingApp())
                guard sent > 0 else {
                    throw ViewerError(.backendFailed, "touch not sent: the app is not in FULL (Core sends none then)")
                }
            }
        } catch let error as ViewerError {
            throw error
        } catch {
            throw ViewerError(.backendFailed, "\(command): \(error)")
        }
    }

    private func projectingApp() async throws(ViewerError) -> AppID {
        if let app = tracked.withLockedValue({ $0.projectingApp }) { return app }
        guard let app = await headUnit.apps().first(where: { $0.appName != nil })?.app else {
            throw ViewerError(.backendFailed, "no app has registered")
        }
        return app
    }

    /// One emulator event as a log line, keeping track of the projecting app, its format and haptic rects.
    private static func translate(_ event: HeadUnitEvent, tracked: NIOLockedValueBox<Tracked>) -> ViewerEvent? {
        switch event {
        case .connected(let app, let remote): return .note("\(app) connected from \(remote)")
        case .appRegistered(let app, let name, _):
            tracked.withLockedValue { if $0.projectingApp == nil { $0.projectingApp = app } }
            return .appRegistered(ViewerApp(id: String(app.rawValue), name: name, hmiLevel: .none))
        case .hmiChanged(_, let status): return .hmiLevelChanged(ViewerHMILevel(status.level))
        case .videoStarted(let app, let format, let size):
            let viewerFormat = ViewerVideoFormat(codec: format.codec, protocol: format.protocol)
            tracked.withLockedValue {
                $0.projectingApp = app
                $0.format = viewerFormat
            }
            return .videoStarted(format: viewerFormat, width: size.width, height: size.height)
        case .videoRejected(let app, let reason, let parameters):
            return .note("\(app) video refused: \(reason) \(parameters)")
        case .videoStopped(_, let byHeadUnit, let count):
            return .videoStopped(
                reason: "\(byHeadUnit ? "ended by the head unit" : "ended by the app") after \(count) access units")
        case .capabilityUpdated(_, let capability):
            return .videoResized(
                ViewerScreen(
                    width: capability.preferredResolution.width, height: capability.preferredResolution.height,
                    scale: capability.scale))
        case .hapticRects(let app, let rects):
            let converted = rects.map {
                ViewerHapticRect(id: $0.id, x: $0.x, y: $0.y, width: $0.width, height: $0.height)
            }
            tracked.withLockedValue { $0.hapticRects[app] = converted }
            return .hapticRects(converted)
        case .touchSent(let app, let type, let count): return .note("\(app) OnTouchEvent \(type) sent \(count)×")
        case .appUnregistered(let app, let unexpected):
            return .appUnregistered(appID: String(app.rawValue), reason: unexpected ? "disconnected" : "unregistered")
        case .disconnected(let app):
            tracked.withLockedValue {
                if $0.projectingApp == app { $0.projectingApp = nil }
                $0.hapticRects[app] = nil
            }
            return .connectionDropped(reason: "\(app) disconnected")
        case .error(let error): return .error(error.description)
        case .audioStarted, .audioStopped, .appCapabilityUpdated, .handshakeCompleted, .protectionFailed,
            .encryptionNeeded, .notificationWithheld, .secondaryTransportRegistered, .secondaryTransportClosed:
            return .note(event.description)
        case .sessionStarted, .videoFrame, .audioData, .capabilityRequested:
            return nil
        }
    }
}

extension ViewerHMILevel {
    init(_ level: HMILevel) {
        self = ViewerHMILevel(rawValue: level.rawValue) ?? .none
    }
}

extension HMILevel {
    init(_ level: ViewerHMILevel) {
        self = HMILevel(rawValue: level.rawValue) ?? .none
    }
}

extension TouchType {
    init(_ type: ViewerTouchEvent.TouchType) {
        self = TouchType(rawValue: type.rawValue) ?? .cancel
    }
}
