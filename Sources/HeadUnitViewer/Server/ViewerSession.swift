import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// What one browser's WebSocket does: a writer draining its outbox and a reader carrying out its commands.
struct ViewerSession<Backend: ViewerBackend>: Sendable {
    let backend: Backend
    let hub: ViewerHub
    let limits: ClientQueue.Limits
    let logger: Logger

    /// Serves one browser until it leaves or the server shuts down.
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let outbox = ClientOutbox(limits: limits)
        guard let id = await hub.add(outbox) else { return }
        let logger: Logger = {
            var logger = self.logger
            logger[metadataKey: "viewer.client"] = "\(id)"
            return logger
        }()
        // The inbound stream has a single consumer, this task; the writer runs beside it. Either side ending ends
        // the connection: the browser left (inbound ends, the outbox closes, the writer stops), or the server shuts
        // down (the outbox closes, the writer sends a close frame, the browser's answer ends inbound).
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await outbox.drain { item, dropped in try await write(item, dropped: dropped, to: outbound)
                        }
                    } catch {
                        logger.debug("viewer client write failed", metadata: ["error": "\(error)"])
                    }
                    try? await outbound.close(.goingAway, reason: nil)
                }
                defer { outbox.close() }
                for try await message in inbound.messages(maxSize: ClientMessage.maximumSize) {
                    guard case .text(let text) = message else { continue }
                    await handle(text, from: id, logger: logger)
                }
            }
        } catch {
            await hub.remove(id)
            throw error
        }
        await hub.remove(id)
    }

    private func write(_ item: ClientQueue.Item, dropped: UInt32, to outbound: WebSocketOutboundWriter) async throws {
        switch item {
        case .text(let text):
            try await outbound.write(.text(text))
        case .picture(let picture):
            let header = picture.header(droppedFrames: dropped, sendTime: .now).encoded()
            var buffer = ByteBuffer()
            buffer.reserveCapacity(header.count + picture.payload.count)
            buffer.writeBytes(header)
            buffer.writeBytes(picture.payload)
            try await outbound.writeBinaryMessage(buffer)
        }
    }

    private func handle(_ text: String, from id: Int, logger: Logger) async {
        do throws(ViewerError) {
            switch try ClientMessage(json: text) {
            case .hello(let mode):
                try await hub.setMode(mode, for: id)
            case .command(.touch(let event)):
                let screen = await hub.lastState.screen
                try await backend.perform(.touch(try event.validated(on: screen)))
                await hub.publish(.touch(event))
            case .command(let command):
                try await backend.perform(command)
                // What the command did that the head unit itself does not report.
                switch command {
                case .setAppState(let state): await hub.publish(.appStateChanged(state))
                case .selectApp(let app): await hub.publish(.note("showing app \(app) (from its next key frame)"))
                case .rejectFormat(let format): await hub.publish(.formatRejected(format))
                case .allowFormat(let format):
                    await hub.publish(.note("format allowed again: \(format.codec)/\(format.protocol)"))
                default: break
                }
                await hub.publish(await backend.snapshot())
            }
        } catch {
            logger.warning("viewer command failed", metadata: ["error": "\(error)"])
            await hub.sendError(error, to: id)
        }
    }
}
