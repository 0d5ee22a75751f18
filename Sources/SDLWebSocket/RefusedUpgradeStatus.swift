package import NIOConcurrencyHelpers
package import NIOCore
package import NIOHTTP1

/// Remembers the HTTP status of the answer to the WebSocket upgrade request, so a refusal can say which status it
/// was (``WebSocketFailure/upgradeRefused(status:_:)``): NIO's typed upgrade handler tells only that the server did
/// not switch protocols. It sits right after the HTTP response decoder until the response's head has passed; the
/// status outlives the pipeline, for a server that answers and closes at once.
package final class RefusedUpgradeStatus: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPClientResponsePart
    package typealias InboundOut = HTTPClientResponsePart

    private let status: NIOLockedValueBox<Int?>

    init(_ status: NIOLockedValueBox<Int?>) {
        self.status = status
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        status.withLockedValue { $0 = $0 ?? Int(head.status.code) }
        context.fireChannelRead(data)
        // Gone before the upgrade removes the HTTP decoder: after it, raw WebSocket bytes would come this way.
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Puts a recorder into `status` after the HTTP response decoder of `channel`'s pipeline; on the event loop.
    package static func install(on channel: any Channel, into status: NIOLockedValueBox<Int?>) throws {
        let handlers = channel.pipeline.syncOperations
        let decoder = try handlers.context(handlerType: ByteToMessageHandler<HTTPResponseDecoder>.self)
        try handlers.addHandler(RefusedUpgradeStatus(status), position: .after(decoder.handler))
    }
}
