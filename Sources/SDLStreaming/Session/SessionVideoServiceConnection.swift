public import SDLMediaService
public import SDLRPC
import SDLSession
public import SDLWire

/// ``VideoServiceConnection`` over a running `SDLSession`: the session adapter both media services share, set to
/// video. It adds the start and the notification; the rest is the generic adapter's.
///
/// ```swift
/// let connection = SessionVideoServiceConnection(session: session)
/// let manager = VideoStreamManager(
///     settings: VideoStreamingSettings(), connection: connection, encoderFactory: MediaEncoderFactory(),
///     clock: ContinuousClock())
/// ```
public typealias SessionVideoServiceConnection = SessionMediaServiceConnection<VideoService>

extension SessionMediaServiceConnection: VideoServiceConnection where Service == VideoService {
    public func startVideoService(
        _ request: VideoStartService, encrypted: Bool
    ) async throws(MediaStreamingError) -> VideoServiceStartOutcome {
        switch try await start(payload: request.buffer, encrypted: encrypted) {
        case .accepted(let started): .accepted(started.ack, encrypted: started.isEncrypted)
        case .rejected(let nak): .rejected(nak)
        }
    }

    public func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(MediaStreamingError) {
        try await send(notification: notification)
    }
}
