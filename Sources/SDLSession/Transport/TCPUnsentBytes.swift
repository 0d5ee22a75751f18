import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// How many bytes the kernel holds for a TCP socket that it has not sent yet (Linux `tcpi_notsent_bytes`).
///
/// Why it is read at all: `TCP_NOTSENT_LOWAT` alone does not bound what the kernel takes. It is checked only when
/// the kernel starts a new segment, and a segment grows to 64 KiB when the socket's pacing rate is high (loopback,
/// or a fast first hop in front of a slow link), so one write can leave tens of KiB unsent and invisible to the
/// session. ``TCPConnection/send(_:)`` reads this figure after each batch and holds the next one back until the
/// kernel is under ``TCPTransport/Configuration/notSentLowWatermark``.
enum TCPUnsentBytes {
    /// Linux's `struct tcp_info` as raw words: the C library's header lacks the newer fields, the kernel fills
    /// what fits, and the layout only ever grows at the end.
    typealias RawInfo = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    /// How often a held-back sender looks again: 2 ms is 250 bytes at 1 Mbit/s.
    static let pollInterval = Duration.milliseconds(2)

    /// `tcpi_notsent_bytes`' offset: 8 one-byte fields, 24 32-bit fields, 4 64-bit fields, 2 32-bit fields.
    static let notSentOffset = 8 + 24 * 4 + 4 * 8 + 2 * 4

    /// `tcpi_bytes_acked`' offset: 8 one-byte fields, 24 32-bit fields, 2 64-bit fields.
    static let acknowledgedOffset = 8 + 24 * 4 + 2 * 8

    /// The unsent bytes, or `nil` where the platform or the kernel does not say (then nothing is held back).
    static func read(_ channel: any Channel) async -> Int? {
        await info(channel).map { raw in
            withUnsafeBytes(of: raw) { Int($0.loadUnaligned(fromByteOffset: notSentOffset, as: UInt32.self)) }
        }
    }

    /// The bytes the peer has acknowledged on this socket so far, or `nil` where the kernel does not say: what
    /// ``LinkDeliveryRate`` is measured from.
    static func acknowledged(_ channel: any Channel) async -> UInt64? {
        await info(channel).map(acknowledged(in:))
    }

    /// ``acknowledged(_:)`` for a caller on the channel's event loop: read in the caller's turn of the loop, so
    /// what it writes next is not yet counted (and no hop to the loop and back comes before the write).
    static func acknowledgedOnLoop(_ channel: any Channel) -> EventLoopFuture<UInt64?> {
        channel.eventLoop.preconditionInEventLoop()
        return infoFuture(channel).map { $0.map(acknowledged(in:)) }
    }

    private static func acknowledged(in raw: RawInfo) -> UInt64 {
        withUnsafeBytes(of: raw) { $0.loadUnaligned(fromByteOffset: acknowledgedOffset, as: UInt64.self) }
    }

    private static func info(_ channel: any Channel) async -> RawInfo? {
        try? await infoFuture(channel).get()
    }

    private static func infoFuture(_ channel: any Channel) -> EventLoopFuture<RawInfo?> {
        #if os(Linux)
            guard let provider = channel as? any SocketOptionProvider else {
                return channel.eventLoop.makeSucceededFuture(nil)
            }
            return provider.unsafeGetSocketOption(
                level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_INFO)
            )
            .map { Optional($0) }.recover { _ in nil }
        #else
            return channel.eventLoop.makeSucceededFuture(nil)
        #endif
    }
}
