package import Logging
package import NIOCore
package import SDLWire

/// Keeps what an upgraded connection reads until it is taken: the frames, errors and events that reach the end of
/// its pipeline before there is an async channel to put them in, replayed in order when the taker removes it.
///
/// A WebSocket connection must read to be upgraded, and NIO replays the bytes that arrived with the upgrade request
/// right after the upgrade, before the taker has wrapped the connection (which ``WebSocketListener`` leaves to the
/// taker, as the emulator's TCP listener does). Without this they would fall off the pipeline's end: a lost first
/// frame. The upgrade turns reading off, so what is held is what was in flight, bounded again here in bytes; past
/// `limit` the connection is closed and the taker skips it.
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(HeldInbound(limit: 1 << 20, logger: logger))   // at the end
/// // ... the taker, on the event loop, after wrapping the channel:
/// HeldInbound.release(on: channel)
/// ```
package final class HeldInbound: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = SDLFrame

    private enum Event {
        case read(NIOAny)
        case error(any Error)
        case user(Any)
    }

    private let limit: Int
    private let logger: Logger
    private var held: [Event] = []
    private var bytes = 0

    package init(limit: Int, logger: Logger) {
        self.limit = limit
        self.logger = logger
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard bytes <= limit else { return }
        bytes += unwrapInboundIn(data).wireSize
        guard bytes <= limit else {
            logger.warning(
                "closing a WebSocket connection that sent more than it may before it is served",
                metadata: ["bytes": "\(bytes)", "limit": "\(limit)"])
            held = []
            context.close(promise: nil)
            return
        }
        held.append(.read(data))
    }

    package func channelReadComplete(context: ChannelHandlerContext) {}

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        held.append(.error(error))
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        held.append(.user(event))
    }

    package func removeHandler(context: ChannelHandlerContext, removalToken: ChannelHandlerContext.RemovalToken) {
        let events = held
        held = []
        for event in events {
            switch event {
            case .read(let data): context.fireChannelRead(data)
            case .error(let error): context.fireErrorCaught(error)
            case .user(let event): context.fireUserInboundEventTriggered(event)
            }
        }
        // The async channel hands its reader what it buffered at the end of a read.
        if !events.isEmpty { context.fireChannelReadComplete() }
        context.leavePipeline(removalToken: removalToken)
    }

    /// Replays what `channel` held into the handlers after this one and takes it out of the pipeline; nothing when
    /// the channel has none. On the channel's event loop.
    package static func release(on channel: any Channel) {
        let handlers = channel.pipeline.syncOperations
        guard let context = try? handlers.context(handlerType: HeldInbound.self) else { return }
        handlers.removeHandler(context: context, promise: nil)
    }
}
