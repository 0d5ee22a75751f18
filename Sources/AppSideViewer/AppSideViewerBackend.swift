public import HeadUnitViewer
import NIOCore
import SDLMedia
public import SDLRPC
public import SDLSession
import SDLStreaming

/// The viewer's backend when `carwindow demo --core` projects into a real SDL Core: the page shows what the app
/// sends, taken from its video manager, because the car's screen is out of reach.
///
/// Only the app's own state can be changed from the page (the demo app follows it); HMI levels, screen sizes,
/// formats and touches belong to SDL Core's HMI and are refused with a message that says so.
///
/// ```swift
/// let backend = AppSideViewerBackend(video: projection.videoManager, session: projection.session, appName: "Demo")
/// try await ViewerServer(backend: backend, configuration: .init(port: 8080)).run()
/// ```
public struct AppSideViewerBackend: ViewerBackend {
    /// The app's name, shown as the one app on the page.
    public let appName: String
    /// The app states asked for from the page, for the app to follow.
    public let appStateRequests: AsyncStream<ViewerAppState>
    private let video: any SentVideoSource
    private let hmiLevel: @Sendable () async -> HMILevel?
    private let appStateContinuation: AsyncStream<ViewerAppState>.Continuation

    /// A backend over `video`, with the HMI level read from `hmiLevel` when the page asks for a snapshot.
    public init(video: any SentVideoSource, appName: String, hmiLevel: @escaping @Sendable () async -> HMILevel?) {
        self.video = video
        self.appName = appName
        self.hmiLevel = hmiLevel
        (appStateRequests, appStateContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    /// A backend over `video`, with the HMI level that `session` last received.
    public init(video: any SentVideoSource, session: SDLSession, appName: String) {
        self.init(video: video, appName: appName, hmiLevel: { await session.hmiStatus?.hmiLevel })
    }

    public func videoStream() async -> AsyncStream<ViewerAccessUnit> {
        let sent = await video.sentVideo(buffering: 64)
        let (stream, continuation) = AsyncStream.makeStream(
            of: ViewerAccessUnit.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task {
            var depacketizer = RTPDepacketizer()
            for await frame in sent {
                for unit in Self.accessUnits(of: frame, depacketizer: &depacketizer) {
                    continuation.yield(
                        ViewerAccessUnit(
                            bytes: unit, presentationTime: frame.presentationTime, arrivalTime: .now,
                            width: frame.size.width, height: frame.size.height,
                            format: ViewerVideoFormat(
                                codec: frame.format.codec.rawValue, protocol: frame.format.protocol.rawValue)))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Annex-B access units of one sent frame: RAW payloads are access units; RTP packets go through a
    /// depacketizer (a lost or malformed packet costs that picture, as it would cost the car's decoder).
    static func accessUnits(of frame: SentVideo, depacketizer: inout RTPDepacketizer) -> [[UInt8]] {
        guard frame.format.protocol.rawValue == "RTP" else {
            return frame.payloads.map { Array($0.readableBytesView) }
        }
        for payload in frame.payloads { depacketizer.append(payload.readableBytesView) }
        var units: [[UInt8]] = []
        while let unit = try? depacketizer.nextAccessUnit() { units.append(unit.bytes) }
        return units
    }

    public func eventStream() async -> AsyncStream<ViewerEvent> {
        let events = await video.events()
        return AsyncStream(bufferingPolicy: .bufferingNewest(256)) { continuation in
            let task = Task {
                for await event in events {
                    if let translated = Self.translate(event) { continuation.yield(translated) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func translate(_ event: VideoStreamEvent) -> ViewerEvent? {
        switch event {
        case .started(let stream):
            .videoStarted(
                format: ViewerVideoFormat(
                    codec: stream.format.codec.rawValue, protocol: stream.format.protocol.rawValue),
                width: stream.size.width, height: stream.size.height)
        case .stopped(let reason): .videoStopped(reason: "\(reason)")
        case .resized(let size): .videoResized(ViewerScreen(width: size.width, height: size.height))
        case .error(let error): .error("\(error)")
        default: nil
        }
    }

    public func snapshot() async -> ViewerState {
        let status = await video.status
        let level = await hmiLevel().map { ViewerHMILevel(rawValue: $0.rawValue) ?? .none }
        let size = status.stream?.size
        return ViewerState(
            apps: [ViewerApp(id: "1", name: appName, hmiLevel: level ?? .none)],
            hmiLevel: level,
            screen: size.map { ViewerScreen(width: $0.width, height: $0.height) } ?? .wvga,
            format: status.stream.map {
                ViewerVideoFormat(codec: $0.format.codec.rawValue, protocol: $0.format.protocol.rawValue)
            },
            isStreaming: status.isStreaming)
    }

    public func perform(_ command: ViewerCommand) async throws(ViewerError) {
        guard case .setAppState(let state) = command else {
            throw ViewerError(
                .backendFailed,
                "with --core the head unit is SDL Core: HMI level, screen, formats and touches are its HMI's; "
                    + "the viewer shows what the app sends")
        }
        appStateContinuation.yield(state)
    }
}
