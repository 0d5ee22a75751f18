public import SDLWire

/// Something the head unit or the transport did on its own to a media service (video or audio).
///
/// ```swift
/// for await event in connection.serviceEvents() {
///     if case .serviceMoved(let transport) = event { print("video now on transport \(transport)") }
/// }
/// ```
public enum MediaServiceEvent: Hashable, Sendable {
    /// The head unit sent EndService for the service (Core does this about 1 s after BACKGROUND for video, and on
    /// NONE for both).
    case headUnitEndedService
    /// The session ended the service to move it to another transport (1 primary, 2 secondary): start it again at
    /// once; the new StartService goes where the head unit now wants the service.
    case serviceMoved(toTransport: TransportSlot)
    /// The transport closed.
    case transportClosed
}
