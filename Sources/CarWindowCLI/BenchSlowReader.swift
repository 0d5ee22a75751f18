import NIOCore
import SDLWire

/// Reads a socket one byte per interval, for the hostile bench's "reads 1 byte per second" head unit: the app sees a
/// link that is alive (its bytes do move, so nothing resets) but far too slow for video.
///
/// It sits first in the pipeline and reads normally until the peer acknowledges the video service (it watches its
/// own outbound StartServiceACK), so that registering takes no minutes. From then on it holds back `read()`
/// requests: with a one-byte receive allocator and one message per read, each request takes one byte off the socket.
final class BenchSlowReader: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let interval: TimeAmount
    /// Whether the video service has been acknowledged: the slow reading starts then.
    private var pacing = false
    private var nextReadAt = NIODeadline.uptimeNanoseconds(0)
    private var pendingRead: Scheduled<Void>?

    init(interval: TimeAmount) {
        self.interval = interval
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !pacing, let header = try? FrameHeader.peek(in: unwrapOutboundIn(data)),
            header.frameType == .control, header.serviceType == .video,
            header.controlFrameInfo == .startServiceACK
        {
            pacing = true
            if let options = context.channel.syncOptions {
                try? options.setOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 1))
                try? options.setOption(.maxMessagesPerRead, value: 1)
            }
        }
        context.write(data, promise: promise)
    }

    func read(context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        if !pacing || now >= nextReadAt {
            nextReadAt = now + interval
            context.read()
            return
        }
        guard pendingRead == nil else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        pendingRead = context.eventLoop.scheduleTask(deadline: nextReadAt) {
            let (handler, context) = bound.value
            handler.pendingRead = nil
            handler.read(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        pendingRead?.cancel()
        pendingRead = nil
        context.fireChannelInactive()
    }
}
