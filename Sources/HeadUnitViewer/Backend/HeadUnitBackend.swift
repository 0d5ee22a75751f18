public import HeadUnit
import NIOConcurrencyHelpers

import struct SDLRPC.HMILevel
import struct SDLRPC.HMIStatus
import struct SDLRPC.HapticRect
import struct SDLRPC.OnTouchEvent
import enum SDLWire.TransportKind

/// The viewer's view of CarWindow's head-unit emulator: the thin adapter between ``ViewerBackend`` and `HeadUnitEmulator`.
///
/// The viewer shows one app at a time, the *projecting app*: the one picked on the page (``ViewerCommand/selectApp(_:)``)
/// while it stays connected, else the app in FULL (the car shows one app at a time), else the one whose video
/// started last, else the first that registered. Commands go to it; its video goes to the page from its next key
/// frame. Two things the emulator cannot do are kept here:
/// - the app's own state (foreground/background lives on the phone): ``appStateRequests`` delivers what the viewer
///   asked for, and the demo subscribes to it;
/// - the arrival time of an access unit: stamped when the unit reaches this adapter, right after the emulator
///   converted it, so the latency shown starts there.
///
/// It also plays the HMI's part for haptic rects, which Core only forwards: ``ProjectionTracker`` keeps each app's
/// latest set and drops it when the screen or the video changes.
///
/// ```swift
/// let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 12345))
/// _ = try await headUnit.start()
/// let backend = HeadUnitBackend(headUnit: headUnit)
/// let viewer = ViewerServer(backend: backend, configuration: .init(port: 8080))
/// ```
public final class HeadUnitBackend: ViewerBackend {
    /// The emulator.
    public let headUnit: HeadUnitEmulator
    /// The app states the viewer asked for, for whoever runs the app (the demo). Buffers the latest few.
    public let appStateRequests: AsyncStream<ViewerAppState>
    private let appStateContinuation: AsyncStream<ViewerAppState>.Continuation
    private let tracked = NIOLockedValueBox(ProjectionTracker())

    /// Creates the adapter. Subscribe before apps connect, or the first events are missed.
    public init(headUnit: HeadUnitEmulator) {
        self.headUnit = headUnit
        (appStateRequests, appStateContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    public typealias VideoUnits = AsyncCompactMapSequence<AsyncStream<VideoAccessUnit>, ViewerAccessUnit>
    public typealias Events = AsyncCompactMapSequence<AsyncStream<HeadUnitEvent>, ViewerEvent>

    public func videoStream() async -> VideoUnits {
        let fps = max(1, await headUnit.configuration.video.preferredFPS)
        let tracked = self.tracked
        return await headUnit.accessUnits().compactMap { @Sendable unit in
            let format = tracked.withLockedValue { $0.formats[unit.app] }
            let viewerUnit = ViewerAccessUnit(
                bytes: unit.annexB, presentationTime: .microseconds(unit.index * 1_000_000 / fps),
                arrivalTime: .now, width: unit.size.width, height: unit.size.height, format: format ?? .h264RAW)
            let forward = tracked.withLockedValue { state -> Bool in
                guard state.projectingApp == nil || state.projectingApp == unit.app else { return false }
                // Another app's deltas would not decode on this one's pictures: switch at a key frame.
                if state.forwardedApp != unit.app {
                    guard viewerUnit.isKeyframe else { return false }
                    state.forwardedApp = unit.app
                }
                return true
            }
            return forward ? viewerUnit : nil
        }
    }

    public func eventStream() async -> Events {
        let tracked = self.tracked
        // Rects are tagged with the screen they were measured on: start from the screen now, before any event.
        let screen = ViewerScreen(await headUnit.configuration.video)
        tracked.withLockedValue { if $0.screen == nil { $0.screen = screen } }
        return await headUnit.events().compactMap { @Sendable event in tracked.withLockedValue { $0.apply(event) } }
    }

    public func snapshot() async -> ViewerState {
        let apps = await headUnit.apps()
        let cloudApps = await headUnit.cloudApps().map { cloud in
            let connected = if case .connected = cloud.status { true } else { false }
            return ViewerCloudApp(
                id: cloud.app.policyAppID, endpoint: "\(cloud.app.endpoint)", status: "\(cloud.status)",
                connected: connected)
        }
        let configuration = await headUnit.configuration
        let video = configuration.video
        let tracked = self.tracked.withLockedValue { $0 }
        let projecting =
            apps.first { $0.app == tracked.projectingApp } ?? apps.first { $0.hmiStatus.hmiLevel == .full }
            ?? apps.first
        // The screen, the rects and the page's click mapping follow the picture shown, not the screen announced.
        let screen = tracked.shownScreen(
            of: projecting?.videoStreaming == true ? projecting?.app : nil, announced: ViewerScreen(video))
        return ViewerState(
            apps: apps.map {
                ViewerApp(
                    id: String($0.app.rawValue), name: $0.appName ?? "app \($0.app.rawValue)",
                    hmiLevel: ViewerHMILevel($0.hmiStatus.hmiLevel), transport: $0.transport.rawValue)
            },
            hmiLevel: projecting.map { ViewerHMILevel($0.hmiStatus.hmiLevel) }, appState: tracked.appState,
            screen: screen,
            format: projecting?.videoStreaming == true ? tracked.format : nil,
            supportedFormats: video.supportedFormats.map { ViewerVideoFormat(codec: $0.codec, protocol: $0.protocol) },
            rejectedFormats: tracked.rejected, isStreaming: projecting?.videoStreaming ?? false,
            hapticRects: projecting.map { tracked.hapticRects(of: $0.app, on: screen) } ?? [],
            projectingApp: projecting.map { String($0.app.rawValue) },
            buttons: configuration.buttons, touchScreen: configuration.touchScreen,
            // The knob works on the app in FULL (HeadUnitEmulator.knob), which need not be the one shown.
            knobHighlight: projecting?.hmiStatus.hmiLevel == .full ? projecting?.knobHighlight : nil,
            cloudApps: cloudApps)
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
            case .rejectFormat(let format), .allowFormat(let format):
                let rejected = tracked.withLockedValue { tracked in
                    if case .allowFormat = command {
                        tracked.rejected.removeAll { $0 == format }
                    } else if !tracked.rejected.contains(format) {
                        tracked.rejected.append(format)
                    }
                    return tracked.rejected
                }
                await headUnit.rejectVideoFormats(
                    Set(rejected.map { VideoFormat(codec: $0.codec, protocol: $0.protocol) }))
            case .selectApp(let id):
                let apps = await headUnit.apps()
                guard let number = Int(id), let app = apps.first(where: { $0.app.rawValue == number }) else {
                    let known = apps.map { String($0.app.rawValue) }.joined(separator: ", ")
                    throw ViewerError(
                        .backendFailed, "no connected app \(id) (connected: \(known.isEmpty ? "none" : known))")
                }
                tracked.withLockedValue { $0.selectedApp = app.app }
            case .dropConnection:
                try await headUnit.dropConnection(try await projectingApp())
            case .touch(let event):
                let sent = try await headUnit.injectTouches([event], to: try await projectingApp())
                guard sent > 0 else {
                    throw ViewerError(.backendFailed, "touch not sent: the app is not in FULL (Core sends none then)")
                }
            case .setDriverDistraction(let on):
                await headUnit.setDriverDistraction(on)
            case .setLinkKbps(let kbps):
                try await headUnit.setLinkKbps(kbps)
            case .setAmbientLight(let status):
                await headUnit.allowHeadLampStatus(true)
                await headUnit.setAmbientLight(status)
            case .typeOnKeyboard(let text):
                try await headUnit.keyboardType(text, for: try await projectingApp())
            case .backspaceOnKeyboard:
                try await headUnit.keyboardBackspace(for: try await projectingApp())
            case .pressButton(let button, let long):
                // The console's path (ConsoleCommand.button): Core routes the press to one subscribed app.
                guard try await headUnit.pressButton(button, long: long) != nil else {
                    throw ViewerError(
                        .backendFailed,
                        "\(button) not sent: no app subscribed to it is in FULL (OK), or in FULL or LIMITED (others)")
                }
            case .activateCloudApp(let id):
                try await headUnit.activateCloudApp(id)
            case .turnKnob(let action):
                // The console's path (ConsoleCommand.knob): the emulator keeps the highlight and its order.
                let (app, rect, sent) = try await headUnit.knob(action)
                guard rect != nil else {
                    throw ViewerError(.backendFailed, "\(app) has no haptic rects: the knob has nothing to highlight")
                }
                guard action != .press || sent > 0 else {
                    throw ViewerError(.backendFailed, "select not sent: OnTouchEvent is withheld from \(app)")
                }
            case .closeKeyboard(let submit):
                let app = try await projectingApp()
                if submit {
                    try await headUnit.keyboardSubmit(for: app)
                } else {
                    try await headUnit.keyboardCancel(for: app)
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
        let registered = await headUnit.apps().filter { $0.appName != nil }
        guard let app = (registered.first { $0.hmiStatus.hmiLevel == .full } ?? registered.first)?.app else {
            throw ViewerError(.backendFailed, "no app has registered")
        }
        return app
    }
}

extension ViewerHMILevel {
    init(_ level: HMILevel) {
        self = ViewerHMILevel(rawValue: level.rawValue) ?? .none
    }
}

extension HMILevel {
    init(_ level: ViewerHMILevel) {
        self = HMILevel(rawValue: level.rawValue)
    }
}
