import NIOCore
import SDLMedia
import SDLRPC
import Testing

@testable import AppSideViewer
@testable import HeadUnitViewer
@testable import SDLStreaming

/// What the app sent, played back: the frames and events a test hands in, then the end of both streams.
private struct RecordedVideo: SentVideoSource {
    let frames: [SentVideo]
    let recordedEvents: [VideoStreamEvent]

    func sentVideo(buffering: Int) async -> AsyncStream<SentVideo> {
        AsyncStream { continuation in
            for frame in frames { continuation.yield(frame) }
            continuation.finish()
        }
    }

    func events() async -> AsyncStream<VideoStreamEvent> {
        AsyncStream { continuation in
            for event in recordedEvents { continuation.yield(event) }
            continuation.finish()
        }
    }

    var status: VideoStreamStatus {
        get async { VideoStreamStatus(state: .stopped, stream: nil, encoder: nil) }
    }
}

@Suite("AppSideViewerBackend: the page shows what the app sends to a real SDL Core")
struct AppSideViewerBackendTests {
    static let size = ImageResolution(width: 800, height: 480)
    static let picture: [UInt8] = [
        0, 0, 0, 1, 0x67, 0x42, 0xC0, 0x1F,  // SPS
        0, 0, 0, 1, 0x68, 0xCE, 0x3C, 0x80,  // PPS
        0, 0, 0, 1, 0x65, 0x88, 0x84, 0x00, 0x33,  // IDR
    ]

    static func units(of frames: [SentVideo]) async -> [ViewerAccessUnit] {
        let backend = AppSideViewerBackend(
            video: RecordedVideo(frames: frames, recordedEvents: []), appName: "Demo", hmiLevel: { nil })
        var units: [ViewerAccessUnit] = []
        for await unit in await backend.videoStream() { units.append(unit) }
        return units
    }

    @Test("a RAW frame's payload is the access unit, with the frame's size and format")
    func raw() async {
        let frame = SentVideo(
            payloads: [ByteBuffer(bytes: Self.picture)], format: .h264RAW, size: Self.size,
            presentationTime: .milliseconds(33))
        let units = await Self.units(of: [frame])
        #expect(units.map(\.bytes) == [Self.picture])
        #expect(units.first?.width == 800)
        #expect(units.first?.format == .h264RAW)
    }

    @Test("RTP packets are depacketized back into the access unit the encoder made")
    func rtp() async {
        var packetizer = RTPPacketizer(configuration: .init(maxPacketSize: 16))
        let packets = packetizer.packetize(
            EncodedAccessUnit(bytes: Self.picture, presentationTime: .milliseconds(33), isIDR: true))
        let frame = SentVideo(
            payloads: [ByteBuffer(bytes: packets)], format: .h264RTP, size: Self.size,
            presentationTime: .milliseconds(33))
        let units = await Self.units(of: [frame])
        #expect(units.map(\.bytes) == [Self.picture])
        #expect(units.first?.format == ViewerVideoFormat(codec: "H264", protocol: "RTP"))
    }

    @Test("video events become the page's events; touches cancelled are not shown")
    func events() async {
        let video = RecordedVideo(frames: [], recordedEvents: [.resized(Self.size), .touchesCancelled])
        let backend = AppSideViewerBackend(video: video, appName: "Demo", hmiLevel: { nil })
        var events: [ViewerEvent] = []
        for await event in await backend.eventStream() { events.append(event) }
        #expect(events == [.videoResized(ViewerScreen(width: 800, height: 480))])
    }

    @Test("the snapshot shows the one app at the session's HMI level")
    func snapshot() async {
        let backend = AppSideViewerBackend(
            video: RecordedVideo(frames: [], recordedEvents: []), appName: "Demo", hmiLevel: { .limited })
        let state = await backend.snapshot()
        #expect(state.apps.map(\.name) == ["Demo"])
        #expect(state.hmiLevel == .limited)
        #expect(state.isStreaming == false)
    }

    @Test("the app state reaches the app; the HMI's controls are refused with a typed error")
    func commands() async throws {
        let backend = AppSideViewerBackend(
            video: RecordedVideo(frames: [], recordedEvents: []), appName: "Demo", hmiLevel: { nil })
        await #expect(throws: ViewerError.self) { try await backend.perform(.setHMILevel(.full)) }
        try await backend.perform(.setAppState(.background))
        var requests = backend.appStateRequests.makeAsyncIterator()
        #expect(await requests.next() == .background)
    }
}
