package import NIOCore
package import NIOWebSocket
import SDLWire

/// Between NIO's WebSocket codec and the SDL frame decoder, on both ends of a WebSocket link (the app's
/// `WebSocketTransport`, the emulator's WebSocket server): binary messages in, their bytes out, and each outgoing
/// SDL frame as one binary message (what SDL Core writes, docs/transports.md).
///
/// Incoming bytes are not assumed to be one frame per message: they go to the same byte-stream decoder as TCP's, so
/// a frame split over messages or several frames in one message still decode, and a peer that closes in the middle
/// of a frame is `.truncatedFrame` on every transport. Pings are answered; a close is echoed and ends the link. A
/// text message, an oversized one and a protocol violation are raised as ``SDLWire/WebSocketFailure`` (each end maps
/// it into its own error type), then the link is closed after a close frame with the matching code.
///
/// ```swift
/// // In an upgrader's pipeline callback, after NIO's WebSocket codec:
/// try WebSocketMessageHandler.addHandlers(to: channel, role: .client, maximumMessageBytes: 1 << 20)
/// try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
/// ```
package final class WebSocketMessageHandler: ChannelDuplexHandler {
    package typealias InboundIn = WebSocketFrame
    package typealias InboundOut = ByteBuffer
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = WebSocketFrame

    /// Which end of the link this is: RFC 6455 §5.3, a client masks every frame it sends, a server none.
    package enum Role: Sendable {
        case client
        case server
    }

    private let role: Role
    private let maximumMessageBytes: Int
    private var closeSent = false
    private var failed = false

    package init(role: Role, maximumMessageBytes: Int) {
        self.role = role
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Adds NIO's fragment aggregator (bounded by `maximumMessageBytes`, in bytes) and this handler after NIO's
    /// WebSocket codec; the SDL framing goes after them. The upgrader must be made with
    /// `enableAutomaticErrorHandling: false`: NIO's own handler would close the link before the typed error is
    /// raised, and the peer's side would see a clean close. Call on the channel's event loop.
    package static func addHandlers(to channel: any Channel, role: Role, maximumMessageBytes: Int) throws {
        let handlers = channel.pipeline.syncOperations
        try handlers.addHandler(
            NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024,
                maxAccumulatedFrameSize: maximumMessageBytes))
        try handlers.addHandler(WebSocketMessageHandler(role: role, maximumMessageBytes: maximumMessageBytes))
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
            close(context: context, code: .normalClosure)
        default:
            break
        }
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let message = WebSocketFrame(fin: true, opcode: .binary, maskKey: maskKey(), data: unwrapOutboundIn(data))
        context.write(wrapOutboundOut(message), promise: promise)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
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

    /// Reports first, so the typed error is what the link's reader sees, then closes.
    private func fail(context: ChannelHandlerContext, _ failure: WebSocketFailure, code: WebSocketErrorCode) {
        guard !failed else { return }
        failed = true
        context.fireErrorCaught(failure)
        close(context: context, code: code)
    }

    /// Sends a close frame with `code` and closes the connection. Not waiting for the frame to be written: a peer
    /// that stopped reading would hold the link open; the flush hands the frame to the kernel when there is room.
    private func close(context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closeSent else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey(), data: data)
        context.writeAndFlush(wrapOutboundOut(close), promise: nil)
        context.close(promise: nil)
    }

    private func maskKey() -> WebSocketMaskingKey? {
        role == .client ? .random() : nil
    }
}
