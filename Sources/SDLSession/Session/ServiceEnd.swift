public import SDLWire

/// A streaming service that ended without the app asking, from ``SDLSession/serviceEnds()``.
///
/// The two causes want different answers, so they travel on one ordered stream: after the head unit's own
/// EndService (SDL Core sends one on NONE and soon after BACKGROUND) a streaming layer waits until the HMI allows the
/// service again; after a move it starts the service again at once, and the session sends that StartService to the
/// transport the head unit now prefers.
///
/// ```swift
/// for await end in await session.serviceEnds() where end.service == .video {
///     switch end.cause {
///     case .headUnit: break                       // wait for the next FULL or LIMITED
///     case .movingTransport: await manager.restart()
///     }
/// }
/// ```
public struct ServiceEnd: Sendable, Hashable, CustomStringConvertible {
    /// Why the service ended.
    public enum Cause: Sendable, Hashable {
        /// The head unit sent EndService; the session has already answered it with EndServiceACK.
        case headUnit
        /// The session ended it so it can run on another transport, the one named. It happens when
        /// the secondary registers (and the head unit prefers it for this service), or when the secondary goes away.
        case movingTransport(to: TransportSlot)
    }

    /// The service that ended.
    public var service: ServiceType
    /// Why it ended.
    public var cause: Cause

    public init(service: ServiceType, cause: Cause) {
        self.service = service
        self.cause = cause
    }

    public var description: String {
        switch cause {
        case .headUnit: "\(service) ended by the head unit"
        case .movingTransport(let transport): "\(service) ended to move to transport \(transport)"
        }
    }
}
