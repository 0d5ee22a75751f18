import NIOCore
import NIOWebSocket

/// The emulator's side of an app's WebSocket link, as Core's WebEngine server: each binary message's bytes go on
/// to the SDL frame decoder (a frame may span messages, or a message hold several), and each SDL frame the emulator
/// writes goes out as one binary message, unmasked (a server's frames are never masked, RFC 6455 §5.1). Pings are
/// answered; a close is echoed and ends the link; a text message closes it with 1003, as Core reads only binary.
///
/// The app side has its own handler in SDLSession (the emulator does not depend on the app stack); both sit on
/// NIO's WebSocket codec, neither frames WebSocket itself.
final class WebSocketAppLink: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = WebSocketFrame

    private var closeSent = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary, .continuation:
            context.fireChannelRead(wrapInboundOut(frame.unmaskedData))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            close(context: context, code: .normalClosure)
        case .text:
            close(context: context, code: .unacceptableData)
        default:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let message = WebSocketFrame(fin: true, opcode: .binary, data: unwrapOutboundIn(data))
        context.write(wrapOutboundOut(message), promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An app's fragments over the limit, or out of order: no way on, as with an oversize SDL header on TCP.
        if error is NIOWebSocketFrameAggregator.Error { close(context: context, code: .messageTooLarge) }
        context.fireErrorCaught(error)
    }

    private func close(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closeSent else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let loopBound = context.loopBound
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
