import AppSideViewer
import HeadUnitViewer
import NIOConcurrencyHelpers
import NIOCore
import SDLRPC
import Testing

@testable import SDLStreaming

/// One connection's video manager, live: frames pushed by the test go to its subscribers, and each new subscription
/// is announced, so the test knows when the follower moved over without waiting on the clock.
private final class LiveVideo: SentVideoSource, Sendable {
    private let subscribers = NIOLockedValueBox<[AsyncStream<SentVideo>.Continuation]>([])
    let subscriptions: AsyncStream<Void>
    private let subscribed: AsyncStream<Void>.Continuation

    init() { (subscriptions, subscribed) = AsyncStream.makeStream() }

    func sentVideo(buffering: Int) async -> AsyncStream<SentVideo> {
        let (stream, continuation) = AsyncStream.makeStream(of: SentVideo.self)
        subscribers.withLockedValue { $0.append(continuation) }
        subscribed.yield()
        return stream
    }

    func events() async -> AsyncStream<VideoStreamEvent> { AsyncStream { $0.finish() } }

    var status: VideoStreamStatus {
        get async { VideoStreamStatus(state: .stopped, stream: nil, encoder: nil) }
    }

    func send(_ frame: SentVideo) {
        for subscriber in subscribers.withLockedValue({ $0 }) { subscriber.yield(frame) }
    }
}

@Suite("FollowingSentVideoSource: the app-side viewer follows a reconnection", .timeLimit(.minutes(3)))
struct FollowingSentVideoSourceTests {
    static func frame(_ milliseconds: Int64) -> SentVideo {
        SentVideo(
            payloads: [ByteBuffer(bytes: [0, 0, 0, 1, 0x65])], format: .h264RAW,
            size: ImageResolution(width: 800, height: 480), presentationTime: .milliseconds(milliseconds))
    }

    @Test("after a change the frames come from the new connection's manager; the old one's are not relayed")
    func followsTheCurrentManager() async throws {
        let first = LiveVideo()
        let second = LiveVideo()
        let current = NIOLockedValueBox<LiveVideo>(first)
        let (changes, change) = AsyncStream.makeStream(of: Void.self)
        let following = FollowingSentVideoSource(
            current: { current.withLockedValue { $0 } }, changes: { changes })
        let stream = await following.sentVideo(buffering: 16)
        var frames = stream.makeAsyncIterator()
        var firstSubscribed = first.subscriptions.makeAsyncIterator()
        var secondSubscribed = second.subscriptions.makeAsyncIterator()

        await firstSubscribed.next()
        first.send(Self.frame(1))
        #expect(await frames.next()?.presentationTime == .milliseconds(1))

        current.withLockedValue { $0 = second }
        change.yield()
        await secondSubscribed.next()
        first.send(Self.frame(2))  // the lost connection's manager: no longer shown
        second.send(Self.frame(3))
        #expect(await frames.next()?.presentationTime == .milliseconds(3))

        // The run ended: so does the viewer's stream.
        change.finish()
        #expect(await frames.next() == nil)
    }
}
