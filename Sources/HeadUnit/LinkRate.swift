import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The emulated link's speed for app connections: `nil` reads as fast as the socket delivers, a value caps reading
/// at that many kbit/s. One value per emulator, shared by every connection's ``LinkRateLimiter`` and changed at
/// runtime (`carwindow headunit --link-bitrate`, the console's `link-kbps`, the viewer).
///
/// ```swift
/// let link = LinkRate(kbps: nil)
/// link.kbps = 1_000      // every app connection now reads at most 1 Mbit/s
/// ```
final class LinkRate: Sendable {
    /// The largest cap accepted: 10 Gbit/s.
    static let maximumKbps = 10_000_000

    private let value: Mutex<Int?>

    init(kbps: Int?) {
        value = Mutex(kbps)
    }

    var kbps: Int? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// Reads an app's socket no faster than the emulator's ``LinkRate``: a slow link, seen from the app as a socket
/// that drains slowly, so its writer backs up as it would on a congested Wi-Fi.
///
/// It sits first in the pipeline and holds back the `read()` requests with a ``ReadPacer``: after each read, the next
/// waits until the bytes just read have "crossed" the link at its rate (a token bucket that saves up at most
/// ``lateness`` of credit, so a late timer does not slow the link but an idle stretch gives no burst).
/// While capped, each read takes at most about 20 ms of the link's bytes, one read per request, and the socket's
/// receive buffer shrinks to about 100 ms of the link: otherwise the kernel alone would hold seconds of video
/// between the app and the emulator, far more than a real link's buffers. Uncapping restores NIO's adaptive reads
/// and the uncapped receive buffer (``uncappedReceiveBuffer``), which every connection also starts with.
final class LinkRateLimiter: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    /// The receive buffer of an uncapped link: set from the accept on, and again when a cap is lifted.
    ///
    /// Bounded, not left to the kernel's autotuning (which grows it to megabytes on loopback): a receiver never
    /// withdraws a window it has offered, so when a cap comes in mid-stream the sender may still fill the whole old
    /// window at full speed, and a still screen's stream (under the link rate but for its IDRs) would only meet the
    /// capped link after seconds. 64 KiB is used up within a second by such a stream, and still carries hundreds of
    /// Mbit/s when the emulator reads within a millisecond.
    static let uncappedReceiveBuffer = 64 * 1024
    /// The TCP segment size the emulator announces on app connections: an Ethernet or Wi-Fi link's (1500-byte MTU),
    /// as a real head unit's. Loopback's own, about 64 KiB, breaks a capped link: a receiver rounds its window
    /// down to whole segments of the size it has seen, so with the small receive buffer of a slow link the window
    /// reads as closed until it has drained, and the link delivers about half its rate in bursts.
    static let segmentSize = 1_448

    /// How much of the link's time a late read may make up for: about two reads' worth.
    static let lateness = TimeAmount.milliseconds(40)

    private let rate: LinkRate
    private var applied: Int?
    /// When the bytes read so far will have crossed the link: the next read waits until then.
    private var nextReadAt = NIODeadline.uptimeNanoseconds(0)
    private let pacer = ReadPacer()

    init(rate: LinkRate) {
        self.rate = rate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let kbps = applied {
            let bytes = Int64(unwrapInboundIn(data).readableBytes)
            // bytes × 8 bits ÷ (kbps × 1000 bit/s), in nanoseconds.
            let cost = TimeAmount.nanoseconds(bytes * 8_000_000 / Int64(kbps))
            // A read that comes late (a busy loop, a timer's slack) may use up to `lateness` of credit it missed,
            // so the emulated rate stays the configured one on a loaded machine; more than that is not saved up.
            nextReadAt = max(nextReadAt, context.eventLoop.now - Self.lateness) + cost
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        adopt(rate.kbps, context: context)
        // A held read wakes at most a second later to look at the rate again, so lifting a cap is noticed promptly.
        pacer.read(
            context: context, notBefore: applied == nil ? nil : nextReadAt, now: context.eventLoop.now,
            recheck: .seconds(1)
        ) { self.read(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pacer.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        pacer.cancel()
        context.fireChannelInactive()
    }

    /// Applies a changed rate to the socket's read size and receive buffer.
    private func adopt(_ kbps: Int?, context: ChannelHandlerContext) {
        guard kbps != applied else { return }
        applied = kbps
        guard let options = context.channel.syncOptions else { return }
        if let kbps {
            let bytesPerSecond = kbps * 125
            let chunk = min(65_536, max(512, bytesPerSecond / 50))
            try? options.setOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: chunk))
            try? options.setOption(.maxMessagesPerRead, value: 1)
            try? options.setOption(.socketOption(.so_rcvbuf), value: max(4_096, bytesPerSecond / 10))
            nextReadAt = context.eventLoop.now
        } else {
            try? options.setOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator())
            try? options.setOption(.maxMessagesPerRead, value: 4)
            try? options.setOption(.socketOption(.so_rcvbuf), value: Self.uncappedReceiveBuffer)
        }
    }
}

extension ServerBootstrap {
    /// Announces `bytes` as the TCP segment size of accepted connections (``LinkRateLimiter/segmentSize``); `nil`
    /// keeps the interface's.
    func linkSegmentSize(_ bytes: Int?) -> ServerBootstrap {
        guard let bytes else { return self }
        let option = ChannelOptions.Types.SocketOption(
            level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_MAXSEG))
        // Set on the listener: accepted sockets inherit it, and it must be in place before the handshake.
        return serverChannelOption(option, value: SocketOptionValue(bytes))
    }

    /// Gives accepted connections a receive buffer of `bytes` (``LinkRateLimiter/uncappedReceiveBuffer``); `nil`
    /// leaves the kernel's autotuning.
    func linkReceiveBuffer(_ bytes: Int?) -> ServerBootstrap {
        guard let bytes else { return self }
        return childChannelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(bytes))
    }
}

extension ClientBootstrap {
    /// ``ServerBootstrap/linkSegmentSize(_:)`` and ``ServerBootstrap/linkReceiveBuffer(_:)`` for a connection the
    /// emulator makes itself (a cloud app it dials), set before it connects.
    func linkSocketOptions() -> ClientBootstrap {
        let segment = ChannelOptions.Types.SocketOption(
            level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_MAXSEG))
        return channelOption(segment, value: SocketOptionValue(LinkRateLimiter.segmentSize))
            .channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(LinkRateLimiter.uncappedReceiveBuffer))
    }
}
