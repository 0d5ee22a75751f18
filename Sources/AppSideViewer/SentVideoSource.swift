public import SDLStreaming

/// What ``AppSideViewerBackend`` reads from the app's side: the frames as they went to the head unit, the video
/// events and the video status. `VideoStreamManager` is one; a test gives a fake.
///
/// ```swift
/// let backend = AppSideViewerBackend(video: projection.videoManager, session: projection.session, appName: "Demo")
/// ```
public protocol SentVideoSource: Sendable {
    /// Every frame as it went to the head unit, from now on; a slow reader loses the oldest beyond `buffering`.
    func sentVideo(buffering: Int) async -> AsyncStream<SentVideo>
    /// Every video event from now on.
    func events() async -> AsyncStream<VideoStreamEvent>
    /// The stream's current status.
    var status: VideoStreamStatus { get async }
}

extension VideoStreamManager: SentVideoSource {}
