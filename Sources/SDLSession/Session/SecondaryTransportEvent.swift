/// What happened to the secondary transport, from ``SDLSession/secondaryTransportUpdates()``.
///
/// Services never move silently: when a streaming service must change transport (the secondary registered and the
/// head unit prefers it, or the secondary went away), the session ends it on the old transport and reports it on
/// ``SDLSession/headUnitServiceEnds()``, the stream a video manager already restarts on; its next StartService goes
/// to the transport now preferred, with a fresh IDR.
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
}
