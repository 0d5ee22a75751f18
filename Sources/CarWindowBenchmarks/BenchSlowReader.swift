import HeadUnit
import NIOCore
import SDLWire

/// Reads a socket one byte per interval, for the hostile bench's "reads 1 byte per second" head unit: the app sees a
/// link that is alive (its bytes do move, so nothing resets) but far too slow for video.
///
/// It sits first in the pipeline and reads normally until the peer acknowledges the video service (it watches its
/// own outbound StartServiceACK), so that registering takes no minutes. From then on it holds back `read()`
/// requests with the emulator's ``ReadPacer``: with a one-byte receive allocator and one message per read, each
/// request takes one byte off the socket.
final class BenchSlowReader: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let interval: TimeAmount
    /// Whether the video service has been acknowledged: the slow reading starts then.
    private var pacing = false
    private var nextReadAt = NIODeadline.uptimeNanoseconds(0)
    private let pacer = ReadPacer()

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
        let read = pacer.read(context: context, notBefore: pacing ? nextReadAt : nil, now: now) {
            self.read(context: context)
        }
        if read { nextReadAt = now + interval }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pacer.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        pacer.cancel()
        context.fireChannelInactive()
    }
}
