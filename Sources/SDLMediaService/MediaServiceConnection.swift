public import NIOCore

/// What every media manager needs of its service, video or audio alike: end it, acknowledge the head unit's own
/// end, send payload on it, and hear what happens to it. `VideoServiceConnection` and `AudioServiceConnection` add
/// only how their service starts (and video its notification); ``SessionMediaServiceConnection`` is the one
/// implementation on an `SDLSession`.
///
/// | requirement | session call |
/// |---|---|
/// | ``endService()`` | EndService(service, empty payload), await EndServiceACK or EndServiceNAK |
/// | ``acknowledgeEndService()`` | EndServiceACK for the head unit's EndService (a no-op if the session answers) |
/// | ``send(_:)`` | one message on the service (fragmented by the session above the MTU) |
/// | ``serviceEvents()`` | the head unit's EndService, a move to another transport, the transport's end |
///
/// Every call must return or throw when the transport closes: a call that never returns would stall the stream.
///
/// ```swift
/// func drain(_ connection: some MediaServiceConnection, _ chunks: [ByteBuffer]) async throws(MediaStreamingError) {
///     for chunk in chunks { try await connection.send(chunk) }
///     try await connection.endService()
/// }
/// ```
public protocol MediaServiceConnection: Sendable {
    /// Sends EndService and waits for the EndServiceACK or EndServiceNAK (either means the service is gone).
    func endService() async throws(MediaStreamingError)

    /// Answers the head unit's own EndService with an EndServiceACK. A session that sends the ACK itself when it
    /// reports ``MediaServiceEvent/headUnitEndedService`` implements this as a no-op.
    func acknowledgeEndService() async throws(MediaStreamingError)

    /// Sends one payload on the open service (video: an Annex-B access unit or one length-prefixed RTP packet;
    /// audio: one PCM chunk of at most the MTU). Suspends while the transport cannot take more.
    ///
    /// - Throws: `.serviceEnded` when the head unit ended the service while it was on its way; what that means is
    ///   the manager's decision.
    func send(_ payload: ByteBuffer) async throws(MediaStreamingError)

    /// The head unit's unsolicited events. Called once by the manager's `run()`; the stream finishes when the
    /// session ends.
    func serviceEvents() -> AsyncStream<MediaServiceEvent>
}
