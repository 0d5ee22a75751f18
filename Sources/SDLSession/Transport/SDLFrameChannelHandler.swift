import NIOCore
import SDLWire

/// The TCP pipeline's codec: bytes in, ``SDLFrame``s out, and frames back to bytes.
///
/// It owns a ``FrameReceiver`` so the receive limit can follow MTU negotiation (sent as a
/// ``SetMaximumReceivePayload`` user outbound event), and it watches for a peer that stops in the middle of a frame:
/// if bytes of an incomplete frame sit here longer than `stallTimeout`, it raises ``SDLSessionError/Kind/peerStalled``
/// and closes. A quiet peer between frames is fine: SDL Core sends nothing for long stretches (traces: `idle-20s`).
final class SDLFrameChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = SDLFrame
    typealias OutboundIn = SDLFrame
    typealias OutboundOut = ByteBuffer

    /// Asks the handler to change its receive limit.
    struct SetMaximumReceivePayload: Sendable {
        var bytes: Int
    }

    private var receiver = FrameReceiver()
    private let stallTimeout: TimeAmount
    private var stallTimer: Scheduled<Void>?
    private var failed = false

    init(stallTimeout: TimeAmount) {
        self.stallTimeout = stallTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        receiver.append(unwrapInboundIn(data))
        do {
            while let frame = try receiver.next() {
                context.fireChannelRead(wrapInboundOut(frame))
            }
        } catch {
            fail(context: context, error: SDLSessionError(.wire(error)))
            return
        }
        updateStallTimer(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stallTimer?.cancel()
        if !failed {
            do {
                while let frame = try receiver.finish() {
                    context.fireChannelRead(wrapInboundOut(frame))
                }
            } catch {
                failed = true
                context.fireErrorCaught(SDLSessionError(.wire(error)))
            }
        }
        context.fireChannelInactive()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        var buffer = context.channel.allocator.buffer(capacity: frame.wireSize)
        frame.write(to: &buffer)
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let change = event as? SetMaximumReceivePayload {
            receiver.maximumPayloadSize = change.bytes
            promise?.succeed()
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    private func updateStallTimer(context: ChannelHandlerContext) {
        if receiver.bufferedBytes == 0 {
            stallTimer?.cancel()
            stallTimer = nil
        } else if stallTimer == nil {
            let bytes = receiver.bufferedBytes
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            stallTimer = context.eventLoop.scheduleTask(in: stallTimeout) {
                let (handler, context) = loopBound.value
                handler.stallTimer = nil
                handler.fail(context: context, error: SDLSessionError(.peerStalled(partialBytes: bytes)))
            }
        }
    }

    private func fail(context: ChannelHandlerContext, error: SDLSessionError) {
        guard !failed else { return }
        failed = true
        stallTimer?.cancel()
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }
}
