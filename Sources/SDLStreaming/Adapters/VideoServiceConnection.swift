public import SDLMediaService
public import SDLRPC
public import SDLWire

/// The slice of an SDL session the video manager needs: the video service (0x0B) as a ``MediaServiceConnection``
/// (end it, send frames on it, hear what happens to it), how it starts, and its notification. `SDLSession`
/// satisfies it through ``SessionVideoServiceConnection``:
///
/// | requirement | session call |
/// |---|---|
/// | ``startVideoService(_:encrypted:)`` | StartService(video, BSON of the request, E bit), await ACK or NAK |
/// | ``sendAppCapability(_:)`` | the OnAppCapabilityUpdated notification |
/// | ``MediaServiceConnection/send(_:)`` | one SDL message on the video service (an access unit or an RTP packet) |
/// | the rest of ``MediaServiceConnection`` | EndService(video), EndServiceACK(video), the service's events |
///
/// ```swift
/// struct CountingVideoConnection: VideoServiceConnection {
///     let inner: SessionVideoServiceConnection
///     let counter: Counter
///     func send(_ payload: ByteBuffer) async throws(MediaStreamingError) {
///         counter.add(payload.readableBytes); try await inner.send(payload)
///     }
///     // startVideoService, sendAppCapability, endService, acknowledgeEndService, serviceEvents: forward to inner
/// }
/// ```
public protocol VideoServiceConnection: MediaServiceConnection {
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
    ) async throws(MediaStreamingError) -> VideoServiceStartOutcome

    /// Sends OnAppCapabilityUpdated.
    func sendAppCapability(_ notification: OnAppCapabilityUpdated) async throws(MediaStreamingError)

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
