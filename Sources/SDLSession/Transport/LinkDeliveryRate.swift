/// The link's rate as the transport measured it the last time a backlog drained: the bytes the head unit
/// acknowledged while the sender was held back, over the time it was held back.
///
/// Why it exists: a burst smaller than the buffers between app and head unit (the kernel's unsent bytes, the
/// receiver's window, a router's queue) is taken at once, so how long a send waited says little about the link.
/// While a sender is held back, though, the link is the bottleneck, and what it acknowledges per second is its
/// rate. ``TCPConnection`` measures this whenever it holds a batch back for at least ``minimumSpan``; a bitrate
/// controller compares it with its target (docs/streaming.md, "Bitrate adaptation").
///
/// ```swift
/// if let rate = await session.outboundPressure.deliveryRate, rate.bitsPerSecond < target {
///     lowerTheBitrate(under: rate.bitsPerSecond)
/// }
/// ```
public struct LinkDeliveryRate: Hashable, Sendable {
    /// The link's rate, in bits per second.
    public var bitsPerSecond: Int
    /// How many measurements this connection has made: a new count means a new ``bitsPerSecond``.
    public var measurements: Int

    /// A measurement.
    public init(bitsPerSecond: Int, measurements: Int) {
        self.bitsPerSecond = bitsPerSecond
        self.measurements = measurements
    }

    /// A hold-back shorter than this measures the poll's granularity (2 ms) more than the link.
    public static let minimumSpan = Duration.milliseconds(20)

    /// The rate of `bytes` acknowledged over `span`, or `nil` when the span is too short to tell.
    ///
    /// ```swift
    /// LinkDeliveryRate.rate(acknowledged: 12_500, over: .milliseconds(100))  // 1_000_000
    /// ```
    public static func rate(acknowledged bytes: UInt64, over span: Duration) -> Int? {
        guard span >= minimumSpan, bytes > 0 else { return nil }
        let (seconds, attoseconds) = span.components
        let elapsed = Double(seconds) + Double(attoseconds) / 1e18
        return Int((Double(bytes) * 8 / elapsed).rounded())
    }

    /// The next measurement after this one (`nil`: the first).
    static func next(after previous: LinkDeliveryRate?, bitsPerSecond: Int) -> LinkDeliveryRate {
        LinkDeliveryRate(bitsPerSecond: bitsPerSecond, measurements: (previous?.measurements ?? 0) + 1)
    }
}
