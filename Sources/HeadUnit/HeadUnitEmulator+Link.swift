import NIOCore
import SDLWire

/// How one app link (a primary or a secondary TCP connection, or a WebSocket one) ended.
enum LinkEnd {
    /// The peer or the emulator closed it.
    case closed
    /// The bytes were not SDL frames: there is no way to find the next frame in a byte stream.
    case unreadable(SDLWireError)
    /// The app broke its WebSocket link (an oversized or text message, a protocol violation); it was closed.
    case webSocket(WebSocketFailure)
    /// Reading failed (shutdown, a reset connection): nobody's fault worth reporting.
    case readFailed(any Error)
    /// Writing failed after reading ended.
    case writeFailed(any Error)
}

extension HeadUnitEmulator {
    /// The I/O of one app link, the same for the primary and the secondary transport: writes what `outbox` yields,
    /// hands each frame read to `receive` (on the actor, in order), and returns once both directions are done.
    ///
    /// `finishing` is `outbox`'s continuation: it is finished when reading ends, so the writer drains what is queued
    /// and the link closes.
    ///
    /// `receive` takes the actor as an `isolated` parameter, so the compiler, not a convention, keeps it on the actor:
    /// a call from code that is not isolated to the emulator does not compile without an `await` (which hops).
    ///
    /// ```swift
    /// let end = await runLink(channel, outbox: outbox, finishing: continuation) { emulator, frame in
    ///     emulator.handle(frame, from: app)
    /// }
    /// ```
    func runLink(
        _ channel: NIOAsyncChannel<SDLFrame, SDLFrame>,
        outbox: AsyncStream<SDLFrame>,
        finishing continuation: AsyncStream<SDLFrame>.Continuation,
        receive: (isolated HeadUnitEmulator, SDLFrame) -> Void
    ) async -> LinkEnd {
        var end = LinkEnd.closed
        do {
            // `[self]` is what keeps the closure on the actor. A closure handed to an `isolation:`-inheriting API
            // (executeThenClose, withThrowingTaskGroup) is isolated to the actor only when it captures `self`;
            // without it, it ran on the global executor, and `receive` (then a plain closure, the actor's own code)
            // raced the actor's timers: a crash in CI's soak (docs/architecture.md, "Isolation").
            try await channel.executeThenClose { [self] inbound, outbound in
                end = await pumpLink(
                    inbound: inbound, write: { try await outbound.write($0) }, outbox: outbox,
                    finishing: continuation, receive: receive)
            }
        } catch {
            if case .closed = end { end = .writeFailed(error) }
        }
        return end
    }

    /// The two directions of a link, whatever carries it: writes what `outbox` yields with `write`, hands each frame
    /// of `inbound` to `receive`, and returns how the link ended once the writer has drained.
    func pumpLink<Inbound: AsyncSequence>(
        inbound: Inbound,
        write: @escaping @Sendable (SDLFrame) async throws -> Void,
        outbox: AsyncStream<SDLFrame>,
        finishing continuation: AsyncStream<SDLFrame>.Continuation,
        receive: (isolated HeadUnitEmulator, SDLFrame) -> Void
    ) async -> LinkEnd where Inbound.Element == SDLFrame {
        var end = LinkEnd.closed
        await withThrowingTaskGroup(of: Void.self) { [self] group in
            group.addTask {
                for await frame in outbox { try await write(frame) }
            }
            do {
                for try await frame in inbound { receive(self, frame) }
            } catch let error as SDLWireError {
                end = .unreadable(error)
            } catch let failure as WebSocketFailure {
                end = .webSocket(failure)
            } catch {
                end = .readFailed(error)
            }
            continuation.finish()
            do {
                try await group.next()
            } catch {
                if case .closed = end { end = .writeFailed(error) }
            }
        }
        return end
    }
}
