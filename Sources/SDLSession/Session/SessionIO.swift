import SDLWire

/// The I/O a synchronous decision of the session leaves to do. The ``SDLSession`` actor first changes its state
/// (``SDLSession/decide(_:)``, the state machines' inputs) and only then awaits these, in order, in
/// ``SDLSession/perform(_:)``: a call that re-enters the actor during the I/O finds every decision already made.
enum SessionIO: Sendable {
    /// Raise the primary connection's receive limit after MTU negotiation.
    case setReceiveLimit(Int)
    /// Wake the caller waiting for a StartService's answer (after the receive limit is raised).
    case resolve(SDLSession.ControlKey, SDLSession.ControlReply)
    /// Send frames on a secondary link: RegisterSecondaryTransport, the EndServiceACK of a service there.
    case sendOnSecondary([SDLFrame], any SDLConnection)
    case closeSecondary(any SDLConnection)
    /// Send frames on the primary connection straight away, before a failure empties the writer's queue (the
    /// EndServiceACK that answers the head unit's end of the session).
    case sendBeforeClosing([SDLFrame])
    /// Close the primary connection: the session failed or stops.
    case closeConnection
}
