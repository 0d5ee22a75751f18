/// Whether a connection's sends have been waiting for the link itself: the kernel held more unsent bytes than the
/// transport allows (``TCPTransport/Configuration/notSentLowWatermark``), so the next batch waited for the head unit
/// to take some. It tells a slow link from a slow process: a message that waited in the session's queue while no
/// send waited for the link waited for this process (a flood of notifications to decode, a busy machine), and a
/// lower bitrate would not have helped it.
///
/// ```swift
/// if let hold = await session.outboundPressure.linkHoldBack, hold.isWaiting || hold.waited > seen {
///     // the link is behind
/// }
/// ```
public struct LinkHoldBack: Hashable, Sendable {
    /// Sends on this connection that had to wait for the link, counted when their wait began.
    public var count: Int
    /// A send is waiting for the link now.
    public var isWaiting: Bool
    /// How long the sends that finished waiting waited for the link, in all.
    public var waited: Duration

    /// A figure.
    public init(count: Int = 0, isWaiting: Bool = false, waited: Duration = .zero) {
        self.count = count
        self.isWaiting = isWaiting
        self.waited = waited
    }
}
