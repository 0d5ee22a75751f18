import Logging
import NIOCore
import SDLWire

/// Closes an app link that sent part of a frame (half a header, a header without all its payload) and then nothing
/// for ``HeadUnitConfiguration/partialFrameTimeout``.
///
/// A peer that stalls mid-frame would otherwise hold its socket and the decoder's buffer for as long as it likes:
/// 1,000 connections that each sent 5 bytes all stayed open. An idle link that sent whole frames (an app between
/// two RPCs, a link with the Heartbeat off) is not touched: only bytes that are not yet a frame start the clock,
/// and each byte more starts it again, so a slow link that is still delivering its frame is never cut.
///
/// Two handlers share one ``Watch``: ``BytesIn`` before the decoder counts the bytes that arrive, ``FramesOut``
/// after it counts the bytes of the frames decoded. Both run on the channel's event loop, the decoder in between
/// runs inside ``BytesIn``'s read, so after each read the difference is what the decoder holds.
///
/// ```swift
/// let watch = PartialFrameTimeout.Watch(timeout: .seconds(10), logger: logger)
/// try handlers.addHandler(PartialFrameTimeout.BytesIn(watch))
/// try handlers.addHandler(ByteToMessageHandler(SDLFrameDecoder(maximumPayloadSize: 131_072)))
/// try handlers.addHandler(PartialFrameTimeout.FramesOut(watch))
/// ```
enum PartialFrameTimeout {
    /// The bytes in and decoded on one connection, and the close it has scheduled. Used on its event loop only.
    final class Watch {
        let timeout: TimeAmount
        let logger: Logger
        var received = 0
        var decoded = 0
        var deadline: Scheduled<Void>?

        init(timeout: Duration, logger: Logger) {
            let (seconds, attoseconds) = timeout.components
            self.timeout = .nanoseconds(max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
            self.logger = logger
        }
    }

    /// Before the decoder: counts the bytes that arrive and, after the decoder took them, arms or disarms the close.
    final class BytesIn: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        private let watch: Watch

        init(_ watch: Watch) { self.watch = watch }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            watch.received += unwrapInboundIn(data).readableBytes
            context.fireChannelRead(data)
            watch.deadline?.cancel()
            watch.deadline = nil
            let pending = watch.received - watch.decoded
            guard pending > 0, context.channel.isActive else { return }
            let channel = context.channel
            let logger = watch.logger
            let timeout = watch.timeout
            watch.deadline = context.eventLoop.scheduleTask(in: timeout) {
                logger.warning(
                    "closing a connection that sent part of a frame and then nothing",
                    metadata: [
                        "pendingBytes": "\(pending)", "idleSeconds": "\(Double(timeout.nanoseconds) / 1e9)",
                        "remote": "\(channel.remoteAddress.map { "\($0)" } ?? "?")",
                    ])
                channel.close(promise: nil)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            watch.deadline?.cancel()
            watch.deadline = nil
            context.fireChannelInactive()
        }
    }

    /// After the decoder: counts the bytes of each frame it decoded.
    final class FramesOut: ChannelInboundHandler {
        typealias InboundIn = SDLFrame
        typealias InboundOut = SDLFrame
        private let watch: Watch

        init(_ watch: Watch) { self.watch = watch }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            watch.decoded += unwrapInboundIn(data).wireSize
            context.fireChannelRead(data)
        }
    }
}
