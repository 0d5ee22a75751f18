public import SDLStreaming

/// A ``SentVideoSource`` that follows the app from one connection to the next: a projection that reconnects has a
/// new video manager each time, and a viewer holding the first one would show a frozen picture. Every signal on
/// `changes` (a new connection registered) moves the streams to `current()`'s source; they end when `changes` does.
///
/// ```swift
/// let video = FollowingSentVideoSource(
///     current: { streaming.videoManager },
///     changes: { await streaming.events().compactMap { if case .registered = $0 { () } else { nil } } })
/// let backend = AppSideViewerBackend(video: video, appName: "Demo", hmiLevel: { await streaming.session.hmiLevel })
/// ```
public struct FollowingSentVideoSource: SentVideoSource {
    private let current: @Sendable () async -> any SentVideoSource
    private let changes: @Sendable () async -> AsyncStream<Void>

    /// - Parameters:
    ///   - current: the source of the connection the app is on now.
    ///   - changes: a new stream, from now on, of the moments `current()` may have changed.
    public init(
        current: @escaping @Sendable () async -> any SentVideoSource,
        changes: @escaping @Sendable () async -> AsyncStream<Void>
    ) {
        self.current = current
        self.changes = changes
    }

    public func sentVideo(buffering: Int) async -> AsyncStream<SentVideo> {
        await follow(buffering: buffering) { source in await source.sentVideo(buffering: buffering) }
    }

    public func events() async -> AsyncStream<VideoStreamEvent> {
        await follow(buffering: 256) { source in await source.events() }
    }

    public var status: VideoStreamStatus {
        get async { await current().status }
    }

    /// Relays `subscribe(current())` and subscribes again at every change; the old subscription is cancelled.
    private func follow<Element: Sendable>(
        buffering: Int, _ subscribe: @escaping @Sendable (any SentVideoSource) async -> AsyncStream<Element>
    ) async -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(max(1, buffering)))
        // Subscribed before the first relay starts, so a change in between is not missed.
        let changes = await changes()
        let current = self.current
        let task = Task {
            func relay() async -> Task<Void, Never> {
                let upstream = await subscribe(await current())
                return Task {
                    for await element in upstream { continuation.yield(element) }
                }
            }
            var relaying = await relay()
            for await _ in changes {
                relaying.cancel()
                relaying = await relay()
            }
            relaying.cancel()
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
