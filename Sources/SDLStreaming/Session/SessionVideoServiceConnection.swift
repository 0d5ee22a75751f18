public import NIOCore
public import SDLMediaService
public import SDLRPC
public import SDLSession
public import SDLWire

/// ``VideoServiceConnection`` over a running `SDLSession`: the session adapter both media services share, set to
/// video. `acknowledgeEndService()` has nothing to do: the session answers the head unit's EndService itself.
///
/// ```swift
/// let connection = SessionVideoServiceConnection(session: session)
/// let manager = VideoStreamManager(
///     settings: VideoStreamingSettings(), connection: connection, encoderFactory: MediaEncoderFactory(),
///     clock: ContinuousClock())
/// ```
public typealias SessionVideoServiceConnection = SessionMediaServiceConnection<VideoService>

extension SessionMediaServiceConnection: VideoServiceConnection where Service == VideoService {
    /// An adapter for `session`'s video service; nothing happens until the manager calls it.
    public init(session: SDLSession) { self.init(session, carrying: VideoService.self) }

    public func startVideoService(
        _ request: VideoStartService, encrypted: Bool
    ) async throws(VideoStreamingError) -> VideoServiceStartOutcome {
        switch try await start(payload: request.buffer, encrypted: encrypted) {
        case .accepted(let started): .accepted(started.ack, encrypted: started.isEncrypted)
        case .rejected(let nak): .rejected(nak)
        }
    }

    public func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(VideoStreamingError) {
        try await send(notification: notification)
    }

    public func endVideoService() async throws(VideoStreamingError) { try await end() }

    /// Sends one piece of a frame. A service the head unit ended meanwhile throws `.serviceEnded`, which the manager
    /// counts as a failed frame.
    public func sendVideo(_ payload: ByteBuffer) async throws(VideoStreamingError) { try await send(payload) }

    public func videoServiceEvents() -> AsyncStream<VideoServiceEvent> { serviceEvents() }
}
