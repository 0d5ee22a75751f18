import NIOCore
import NIOWebSocket

/// Between NIO's WebSocket codec and ``SDLFrameChannelHandler``: binary messages in, their bytes out, and each
/// outgoing SDL frame as one binary message (what SDL Core writes, docs/transports.md).
///
/// Incoming bytes are not assumed to be one frame per message: they go to the same byte-stream decoder as TCP's, so
/// a frame split over messages or several frames in one message still decode, and a peer that closes in the middle
/// of a frame is `.wire(.truncatedFrame)` on every transport. Pings are answered; a close is echoed and ends the
/// link. A text message, an oversized one and a protocol violation become ``SDLSessionError/Kind/webSocket(_:)``.
final class WebSocketMessageHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    /// RFC 6455 §5.3: a client masks every frame it sends, a server none.
    private let masksFrames: Bool
    private let maximumMessageBytes: Int
    private var closeSent = false
    private var failed = false

    init(masksFrames: Bool, maximumMessageBytes: Int) {
        self.masksFrames = masksFrames
        self.maximumMessageBytes = maximumMessageBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary, .continuation:
            context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
        case .text:
            fail(context: context, .textMessage, code: .unacceptableData)
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: maskKey(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            // The peer's close ends the link like a TCP FIN: a frame left half-sent is reported by the decoder.
            sendClose(context: context, code: .normalClosure)
            context.close(promise: nil)
        default:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let message = WebSocketFrame(fin: true, opcode: .binary, maskKey: maskKey(), data: unwrapOutboundIn(data))
        context.write(wrapOutboundOut(message), promise: promise)
    }

    /// NIO's own protocol error handler is off (it would close the link before the typed error got past it, and
    /// the app would see a clean close): this one reports first, then sends the close frame and closes.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError {
            switch error {
            case .invalidFrameLength:
                fail(context: context, .messageTooLarge(limit: maximumMessageBytes), code: .messageTooLarge)
            default:
                fail(context: context, .protocolViolation("\(error)"), code: .protocolError)
            }
            return
        }
        if let error = error as? NIOWebSocketFrameAggregator.Error {
            switch error {
            case .accumulatedFrameSizeIsTooLarge, .tooManyFragments:
                fail(context: context, .messageTooLarge(limit: maximumMessageBytes), code: .messageTooLarge)
            default:
                fail(context: context, .protocolViolation("\(error)"), code: .protocolError)
            }
            return
        }
        context.fireErrorCaught(error)
    }

    private func fail(context: ChannelHandlerContext, _ failure: WebSocketFailure, code: WebSocketErrorCode) {
        guard !failed else { return }
        failed = true
        context.fireErrorCaught(SDLSessionError(.webSocket(failure)))
        sendClose(context: context, code: code)
        context.close(promise: nil)
    }

    private func sendClose(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closeSent else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey(), data: data)
        context.writeAndFlush(wrapOutboundOut(close), promise: nil)
    }

    private func maskKey() -> WebSocketMaskingKey? {
        masksFrames ? .random() : nil
    }
}
