public import NIOCore
public import SDLMediaService
public import SDLRPC
public import SDLWire

/// The slice of an SDL session the video manager needs: open and close the video service, send data on it, and
/// hear when the head unit ends it or the transport closes. `SDLSession` satisfies it through a thin adapter:
///
/// | requirement | session call |
/// |---|---|
/// | ``startVideoService(_:encrypted:)`` | StartService(video, BSON of the request, E bit), await ACK or NAK |
/// | ``endVideoService()`` | EndService(video, empty payload), await EndServiceACK or EndServiceNAK |
/// | ``acknowledgeEndService()`` | EndServiceACK(video) for the head unit's EndService (no-op if the session answers) |
/// | ``sendVideo(_:)`` | one SDL message on the video service (fragmented by the session if above the MTU) |
/// | ``sendAppCapability(_:)`` | the OnAppCapabilityUpdated notification |
/// | ``videoServiceEvents()`` | head-unit EndService(video), a move to another transport, transport closure |
///
/// Every call must return or throw when the transport closes; a call that never returns would stall the stream's
/// control path.
///
/// ```swift
/// struct SessionVideoConnection: VideoServiceConnection {
///     let session: SDLSession
///     func sendVideo(_ payload: ByteBuffer) async throws(VideoStreamingError) {
///         do { try await session.send(payload, on: .video) } catch {
///             throw VideoStreamingError(.connectionFailed, "\(error)")
///         }
///     }
///     // …
/// }
/// ```
public protocol VideoServiceConnection: Sendable {
    /// Sends a video StartService and waits for the head unit's answer.
    ///
    /// - Parameters:
    ///   - request: the size and format to ask for.
    ///   - encrypted: whether to ask for a protected service (the frame's E bit).
    /// - Returns: `.accepted` with the ACK's payload and encryption bit, or `.rejected` with the NAK's payload.
    /// - Throws: `.connectionFailed` or `.transportClosed` when no answer can come.
    func startVideoService(
        _ request: VideoStartService,
        encrypted: Bool
    ) async throws(VideoStreamingError) -> VideoServiceStartOutcome

    /// Sends a video EndService and waits for the EndServiceACK or EndServiceNAK (either means the service is gone).
    func endVideoService() async throws(VideoStreamingError)

    /// Answers the head unit's own EndService(video) with an EndServiceACK. A session that sends the ACK itself
    /// when it reports ``VideoServiceEvent/headUnitEndedService`` implements this as a no-op.
    func acknowledgeEndService() async throws(VideoStreamingError)

    /// Sends one payload (an Annex-B access unit, or one length-prefixed RTP packet) on the open video service.
    /// Suspends while the transport cannot take more: that is the back-pressure the manager reacts to.
    func sendVideo(_ payload: ByteBuffer) async throws(VideoStreamingError)

    /// Sends OnAppCapabilityUpdated.
    func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(VideoStreamingError)

    /// The head unit's unsolicited events. Called once by ``VideoStreamManager/run()``; the stream finishes when
    /// the session ends.
    func videoServiceEvents() -> AsyncStream<VideoServiceEvent>

    /// The link's back-pressure now, for bitrate adaptation; `nil` (the default) when the connection cannot tell.
    func linkPressure() async -> LinkPressure?
}

/// The head unit's answer to a video StartService.
public enum VideoServiceStartOutcome: Hashable, Sendable {
    /// StartServiceACK: its BSON payload and whether its encryption bit was set.
    case accepted(MediaStartServiceACK, encrypted: Bool)
    /// StartServiceNAK: its BSON payload.
    case rejected(ServiceNAK)
}

/// Something the head unit or the transport did on its own: the same events as audio's.
public typealias VideoServiceEvent = MediaServiceEvent
