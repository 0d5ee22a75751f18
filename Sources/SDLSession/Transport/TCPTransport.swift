import NIOConcurrencyHelpers
public import NIOCore
import NIOPosix
public import SDLWire

/// A TCP client transport on SwiftNIO: SDL Core's default transport (port 12345).
///
/// The pipeline is set up synchronously when the channel connects: one `SDLFrameChannelHandler` that frames bytes
/// and encodes frames, wrapped in an `NIOAsyncChannel`. The connection closes when `withConnection`'s body ends.
///
/// ```swift
/// let transport = TCPTransport(host: "127.0.0.1", port: 12345)
/// let session = SDLSession(configuration: app, transport: transport)
/// try await session.start()
/// ```
public struct TCPTransport: SDLTransport {
    /// Timeouts and limits of the TCP link.
    public struct Configuration: Sendable {
        /// How long the TCP connect may take.
        public var connectTimeout: Duration
        /// How long the head unit may leave a frame half-sent before the link is dropped as stalled.
        public var stallTimeout: Duration
        /// TCP keepalive on the socket (a head unit gone without a FIN); `nil` leaves it off.
        public var keepalive: TCPKeepalive?
        /// The most unsent bytes the kernel holds for this socket before it reports the socket full
        /// (`TCP_NOTSENT_LOWAT`); `nil` leaves the kernel's default (no limit but the send buffer).
        ///
        /// Why: the kernel's send buffer grows to megabytes, seconds of video on a slow link. Bytes parked there
        /// are invisible to the session, so its back-pressure (`SDLSession.outboundPressure`) and the bitrate
        /// adaptation would only see the link fall behind seconds too late. With a small limit the socket takes
        /// little more than what is in flight, and a backlog waits in the session's queue, where it is measured
        /// and where an older frame can still be dropped. The send buffer itself keeps its size, so a fast link
        /// keeps its throughput (the limit counts only bytes not yet sent, not bytes in flight).
        public var notSentLowWatermark: Int?
        /// How long a send may wait while the head unit acknowledges none of the bytes the kernel holds for it
        /// before the link counts as stalled (`SDLSessionError.Kind.linkStalled`); `nil` waits for ever.
        ///
        /// Why: a head unit that stops reading closes its receive window; every later write then waits, and with
        /// the Heartbeat off (the default) nothing else would notice. Measured from the kernel's figures
        /// (`tcpi_bytes_acked` and `tcpi_notsent_bytes`), not from how long a write takes: a slow link still
        /// acknowledges something every few hundred milliseconds, however far behind it is.
        public var sendStallTimeout: Duration?

        /// - Parameters:
        ///   - connectTimeout: how long the connect may take; 10 s by default.
        ///   - stallTimeout: how long the head unit may leave a frame half-sent; 10 s by default.
        ///   - keepalive: TCP keepalive, on by default.
        ///   - notSentLowWatermark: unsent bytes the kernel may hold; 16 KiB by default (0.13 s at 1 Mbit/s).
        ///   - sendStallTimeout: how long a send may wait with nothing acknowledged; 15 s by default.
        ///
        /// ```swift
        /// let configuration = TCPTransport.Configuration(notSentLowWatermark: 8 * 1024)  // a very slow link
        /// let patient = TCPTransport.Configuration(sendStallTimeout: .seconds(60))     // a head unit that naps
        /// ```
        public init(
            connectTimeout: Duration = .seconds(10), stallTimeout: Duration = .seconds(10),
            keepalive: TCPKeepalive? = TCPKeepalive(), notSentLowWatermark: Int? = 16 * 1024,
            sendStallTimeout: Duration? = .seconds(15)
        ) {
            self.connectTimeout = connectTimeout
            self.stallTimeout = stallTimeout
            self.keepalive = keepalive
            self.notSentLowWatermark = notSentLowWatermark.map { max(1, $0) }
            self.sendStallTimeout = sendStallTimeout.map { max($0, .milliseconds(100)) }
        }
    }

    public var host: String
    public var port: Int
    public var configuration: Configuration
    private let group: any EventLoopGroup

    public var kind: TransportKind { .tcp }

    /// `HOST:PORT`, the host in brackets when it is an IPv6 address: how an address is written for people.
    package var address: String { Self.address(host: host, port: port) }

    /// `HOST:PORT` for any host and port, an IPv6 host in brackets (`[::1]:12345`).
    package static func address(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// - Parameters:
    ///   - host: the head unit's address, e.g. "127.0.0.1".
    ///   - port: SDL Core listens on 12345 by default.
    ///   - configuration: timeouts.
    ///   - group: the event loops to use; NIO's shared singleton when `nil`.
    public init(
        host: String,
        port: Int,
        configuration: Configuration = Configuration(),
        group: (any EventLoopGroup)? = nil
    ) {
        self.host = host
        self.port = port
        self.configuration = configuration
        self.group = group ?? MultiThreadedEventLoopGroup.singleton
    }

    public func withConnection<Result: Sendable>(
        _ body: (TCPConnection) async throws -> Result
    ) async throws -> Result {
        let stall = TimeAmount(configuration.stallTimeout)
        let channel: NIOAsyncChannel<SDLFrame, SDLFrame>
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(TimeAmount(configuration.connectTimeout))
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .keepalive(configuration.keepalive)
                .notSentLowWatermark(configuration.notSentLowWatermark)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(SDLFrameChannelHandler(stallTimeout: stall))
                        return try NIOAsyncChannel<SDLFrame, SDLFrame>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch let error as ChannelError {
            if case .connectTimeout = error {
                throw SDLSessionError(.connectTimeout("\(host):\(port)"))
            }
            throw SDLSessionError(.connectionFailed("\(host):\(port): \(error)"))
        } catch {
            throw SDLSessionError(.connectionFailed("\(host):\(port): \(error)"))
        }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(
                TCPConnection(channel.channel, inbound: inbound, outbound: outbound, settings: configuration))
        }
    }
}

extension TCPConnection {
    /// A link on `channel`'s streams with `tcp`'s send-side settings: what every transport over TCP hands out
    /// (``TCPTransport``, ``WebSocketTransport``, ``WebSocketServerTransport``).
    init(
        _ channel: any Channel, inbound: NIOAsyncChannelInboundStream<SDLFrame>,
        outbound: NIOAsyncChannelOutboundWriter<SDLFrame>, settings tcp: TCPTransport.Configuration
    ) {
        self.init(
            channel: channel, inboundStream: inbound, outbound: outbound, previousWrite: NIOLockedValueBox(nil),
            notSentLimit: tcp.notSentLowWatermark, delivery: NIOLockedValueBox(nil),
            sendStallTimeout: tcp.sendStallTimeout)
    }
}

/// An open TCP link, handed out by ``TCPTransport/withConnection(_:)``.
public struct TCPConnection: SDLConnection {
    let channel: any Channel
    let inboundStream: NIOAsyncChannelInboundStream<SDLFrame>
    /// Held, not written to (see ``send(_:)``): dropping it would finish the channel's outbound side.
    let outbound: NIOAsyncChannelOutboundWriter<SDLFrame>
    /// The completion of the batch handed to the event loop before the one being sent (see ``send(_:)``).
    let previousWrite: NIOLockedValueBox<EventLoopFuture<Void>?>
    /// Unsent bytes the kernel may hold before the next batch waits
    /// (``TCPTransport/Configuration/notSentLowWatermark``).
    var notSentLimit: Int? = nil
    /// The link's rate measured the last time a send waited for the link (see ``send(_:)``).
    var delivery = NIOLockedValueBox<LinkDeliveryRate?>(nil)
    /// Sends that waited for the kernel's queue to drain (see ``waitForKernelQueue()``).
    var holdBack = NIOLockedValueBox(LinkHoldBack())
    /// Where the kernel's unsent figure comes from: ``TCPUnsentBytes/read(_:)``. A seam for tests, which hold a sender
    /// back with a figure of their own instead of a slow link (and so without waiting on time).
    var unsentBytes: @Sendable (any Channel) async -> Int? = TCPUnsentBytes.read
    /// ``TCPTransport/Configuration/sendStallTimeout``.
    var sendStallTimeout: Duration? = nil
    /// Set once the stall watch has given up on the link: the error every later failure of this link reports.
    var stallError = NIOLockedValueBox<SDLSessionError?>(nil)

    public var inbound: TCPInboundFrames { TCPInboundFrames(base: inboundStream) }

    /// Hands the frames to the event loop and returns once the socket took the batch handed over before them: at
    /// most two batches are ever waiting in NIO.
    ///
    /// `NIOAsyncChannelOutboundWriter.write` returns as soon as the write is handed to the event loop, and learns
    /// that the channel is unwritable only after the loop ran those writes: when the loop is starved (a busy
    /// machine), a fast producer queues writes without limit. Waiting for a write's promise bounds what the app has
    /// handed over by the socket buffers (docs/session.md); waiting for the previous batch rather than this one
    /// lets the loop write one batch while the next is prepared, so a slow loop costs less pace. Then, with
    /// ``TCPTransport/Configuration/notSentLowWatermark`` set, it also waits until the kernel holds no more than that
    /// unsent, so a slow link's backlog stays in the session's queue, where `SDLSession.outboundPressure` sees it.
    public func send(_ frames: [SDLFrame]) async throws {
        guard let stall = sendStallTimeout, !frames.isEmpty else { return try await sendBatch(frames) }
        // The watcher only throws: whichever child ends first decides, and the other is cancelled. A stall closes
        // the channel, so a write the event loop still holds fails and the send child ends too.
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await self.sendBatch(frames) }
                group.addTask { try await self.failWhenStalled(after: stall) }
                try await group.next()
                group.cancelAll()
            }
        } catch {
            // The stall is the reason, whatever ended this send first (the closed channel, a cancelled writer).
            if let stalled = stallError.withLockedValue({ $0 }) { throw stalled }
            throw error
        }
    }

    /// Throws `.linkStalled` once the kernel has held unsent bytes for `stall` while the peer acknowledged none;
    /// runs until cancelled otherwise (and where the kernel gives no figures, only waits to be cancelled).
    private func failWhenStalled(after stall: Duration) async throws {
        let poll = min(Duration.milliseconds(250), stall / 4)
        var last = await TCPUnsentBytes.acknowledged(channel)
        var since = ContinuousClock.now
        while true {
            try await Task.sleep(for: poll)
            guard let acknowledged = await TCPUnsentBytes.acknowledged(channel) else { continue }
            // The kernel's own figure, not the hold-back seam: tests that fake a figure must not see this read.
            let unsent = await TCPUnsentBytes.read(channel) ?? 0
            if acknowledged != last || unsent == 0 {
                last = acknowledged
                since = .now
                continue
            }
            guard since.duration(to: .now) >= stall else { continue }
            let error = SDLSessionError(.linkStalled(stall), context: "\(unsent) bytes unsent")
            // Recorded before the close, and raised in the pipeline, so the reader's end and the writer's failure
            // both report the stall rather than a plain close.
            stallError.withLockedValue { $0 = error }
            channel.pipeline.fireErrorCaught(error)
            try? await channel.close()
            throw error
        }
    }

    private func sendBatch(_ frames: [SDLFrame]) async throws {
        guard let last = frames.last else { return }
        let channel = channel
        let measures = notSentLimit != nil
        let written = channel.eventLoop.makePromise(of: Void.self)
        let linkBefore = channel.eventLoop.makePromise(of: (at: ContinuousClock.Instant, acknowledged: UInt64)?.self)
        channel.eventLoop.execute {
            // Where the link stood before this batch: if the send then waits for the link (the previous batch's
            // write, or the kernel's unsent bytes), what the peer acknowledged meanwhile is the link's rate. Read in
            // the same turn of the loop as the writes, so the first byte leaves without a round trip to the loop.
            if measures {
                TCPUnsentBytes.acknowledgedOnLoop(channel).map { acknowledged in
                    acknowledged.map { (at: ContinuousClock.now, acknowledged: $0) }
                }.cascade(to: linkBefore)
            } else {
                linkBefore.succeed(nil)
            }
            for frame in frames.dropLast() { channel.write(frame, promise: nil) }
            channel.writeAndFlush(last, promise: written)
        }
        let previous = previousWrite.withLockedValue { previous in
            defer { previous = written.futureResult }
            return previous
        }
        do {
            try await previous?.get()
        } catch {
            throw SDLSessionError(.connectionClosed, context: "write failed: \(error)")
        }
        let unsent = try await waitForKernelQueue()
        if let start = try? await linkBefore.futureResult.get(),
            start.at.duration(to: .now) >= LinkDeliveryRate.minimumSpan
        {
            await recordDelivery(since: start, unsent: unsent)
        }
    }

    /// Holds the caller back while the kernel has more than ``notSentLimit`` bytes unsent (see ``TCPUnsentBytes``
    /// for why `TCP_NOTSENT_LOWAT` alone is not enough). The kernel offers no event for "below N", so this looks
    /// again every few milliseconds, and only while over the limit: on a link that keeps up it costs one
    /// `getsockopt` per batch (``send(_:)`` adds one more for the acknowledged count). A peer that stops reading
    /// is caught by ``send(_:)``'s stall watch (``TCPTransport/Configuration/sendStallTimeout``), the heartbeat
    /// and keepalive; a closed channel ends the wait at once, with `.connectionClosed`.
    ///
    /// Returns the last unsent figure read (`nil`: no limit, or the kernel does not say).
    private func waitForKernelQueue() async throws -> Int? {
        guard let limit = notSentLimit else { return nil }
        // When this send began waiting for the link; `nil` while it has not (no clock read on a send that never
        // waits, which is every send on a link that keeps up).
        var heldSince: ContinuousClock.Instant?
        var last: Int?
        defer {
            if let heldSince {
                let waited = heldSince.duration(to: .now)
                holdBack.withLockedValue {
                    $0.isWaiting = false
                    $0.waited += waited
                }
            }
        }
        while let unsent = await unsentBytes(channel) {
            last = unsent
            guard unsent > limit else { break }
            if heldSince == nil {
                heldSince = .now
                holdBack.withLockedValue {
                    $0.count += 1
                    $0.isWaiting = true
                }
            }
            guard channel.isActive else { throw SDLSessionError(.connectionClosed, context: "closed while sending") }
            try await Task.sleep(for: TCPUnsentBytes.pollInterval)
        }
        // A closed socket reports no figure at all (`nil`), which must not pass for a kernel that caught up: the
        // bytes the kernel still held when the socket closed never reached the head unit.
        if heldSince != nil, !channel.isActive {
            throw SDLSessionError(.connectionClosed, context: "closed while sending")
        }
        return last
    }

    /// Records the link's rate after a send that waited for it: the bytes the peer acknowledged since `start`,
    /// over the time. Only a wait of ``LinkDeliveryRate/minimumSpan`` or more counts, and only with bytes still
    /// unsent at its end: then the link was busy all along, and not, say, idle behind a starved event loop.
    private func recordDelivery(
        since start: (at: ContinuousClock.Instant, acknowledged: UInt64), unsent: Int?
    ) async {
        guard let unsent, unsent > 0, let acknowledged = await TCPUnsentBytes.acknowledged(channel),
            acknowledged > start.acknowledged,
            let rate = LinkDeliveryRate.rate(
                acknowledged: acknowledged - start.acknowledged, over: start.at.duration(to: .now))
        else { return }
        delivery.withLockedValue { $0 = LinkDeliveryRate.next(after: $0, bitsPerSecond: rate) }
    }

    /// The link's rate measured the last time a send waited for the link, or `nil` before any such wait.
    public var deliveryRate: LinkDeliveryRate? { delivery.withLockedValue { $0 } }

    /// How often a send waited for the kernel's queue; `nil` without a limit (then no send ever waits for it).
    public var linkHoldBack: LinkHoldBack? { notSentLimit == nil ? nil : holdBack.withLockedValue { $0 } }

    public func setMaximumReceivePayload(_ bytes: Int) async {
        try? await channel.triggerUserOutboundEvent(SDLFrameChannelHandler.SetMaximumReceivePayload(bytes: bytes)).get()
    }

    public func close() async {
        try? await channel.close()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
