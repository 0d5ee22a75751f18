import CarWindow
import Foundation
import HeadUnitViewer
import NIOCore
import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming

/// The viewer's backend when `carwindow demo --core` projects into a real SDL Core: the page shows what the app
/// sends, taken from its video manager, because the car's screen is out of reach.
///
/// Only the app's own state can be changed from the page (the demo app follows it); HMI levels, screen sizes,
/// formats and touches belong to SDL Core's HMI and are refused with a message that says so.
struct AppSideViewerBackend: ViewerBackend {
    let projection: CarWindowProjection
    let appName: String
    let appStateRequests: AsyncStream<ViewerAppState>
    private let appStateContinuation: AsyncStream<ViewerAppState>.Continuation

    init(projection: CarWindowProjection, appName: String) {
        self.projection = projection
        self.appName = appName
        (appStateRequests, appStateContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    func videoStream() async -> AsyncStream<ViewerAccessUnit> {
        let sent = await projection.videoManager.sentVideo()
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
                            format: ViewerVideoFormat(codec: frame.format.codec.rawValue, protocol: frame.format.protocol.rawValue)))
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

    func eventStream() async -> AsyncStream<ViewerEvent> {
        let events = await projection.videoManager.events()
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
                format: ViewerVideoFormat(codec: stream.format.codec.rawValue, protocol: stream.format.protocol.rawValue),
                width: stream.size.width, height: stream.size.height)
        case .stopped(let reason): .videoStopped(reason: "\(reason)")
        case .resized(let size): .videoResized(ViewerScreen(width: size.width, height: size.height))
        case .error(let error): .error("\(error)")
        default: nil
        }
    }

    func snapshot() async -> ViewerState {
        let status = await projection.videoManager.status
        let level = await projection.session.hmiStatus.map { ViewerHMILevel(rawValue: $0.hmiLevel.rawValue) ?? .none }
        let size = status.stream?.size
        return ViewerState(
            apps: [ViewerApp(id: "1", name: appName, hmiLevel: level ?? .none)],
            hmiLevel: level,
            screen: size.map { ViewerScreen(width: $0.width, height: $0.height) } ?? .wvga,
            format: status.stream.map { ViewerVideoFormat(codec: $0.format.codec.rawValue, protocol: $0.format.protocol.rawValue) },
            isStreaming: status.isStreaming)
    }

    func perform(_ command: ViewerCommand) async throws(ViewerError) {
        guard case .setAppState(let state) = command else {
            throw ViewerError(
                .backendFailed,
                "with --core the head unit is SDL Core: HMI level, screen, formats and touches are its HMI's; "
                    + "the viewer shows what the app sends")
        }
        appStateContinuation.yield(state)
    }
}
