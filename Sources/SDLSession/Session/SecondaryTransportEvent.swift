public import SDLWire

/// What happened to the secondary transport, from ``SDLSession/secondaryTransportUpdates()``.
///
/// Services never move silently: when a streaming service must change transport (the secondary registered and the
/// head unit prefers it, or the secondary went away), the session ends it on the old transport and reports it on
/// ``SDLSession/serviceEnds()`` as ``ServiceEnd/Cause-swift.enum/movingTransport(to:)``; the streaming layer starts it
/// again at once, and that StartService goes to the transport now preferred, with a fresh IDR.
///
/// ```swift
/// for await event in await session.secondaryTransportUpdates() {
///     if case .failed(let error) = event { print("secondary: \(error)") }
/// }
/// ```
public enum SecondaryTransportEvent: Sendable, Hashable {
    /// RegisterSecondaryTransportACK arrived: services the head unit prefers there start there.
    case registered(host: String, port: Int)
    /// Connecting or registering failed, or the link broke; the session retries after the configured delay.
    case failed(SDLSessionError)
    /// The session closed the secondary on purpose: the head unit withdrew it or announced a new address.
    case closed
    /// A streaming service ended so it can move: restart it now (with a fresh IDR) and it starts on `transport`
    /// (1 primary, 2 secondary). Sent right after the service's entry on ``SDLSession/serviceEnds()``, which is
    /// the stream a streaming layer acts on; this one is for logs and status.
    case serviceMoved(ServiceType, restartOn: TransportSlot)
}
