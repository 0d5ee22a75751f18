import NIOCore
public import SDLWire

/// Incoming frames of a ``TCPConnection``. Errors from the pipeline arrive as ``SDLSessionError``.
public struct TCPInboundFrames: AsyncSequence, Sendable {
    public typealias Element = SDLFrame
    public typealias Failure = any Error

    let base: NIOAsyncChannelInboundStream<SDLFrame>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: NIOAsyncChannelInboundStream<SDLFrame>.AsyncIterator

        public mutating func next() async throws -> SDLFrame? {
            do {
                return try await base.next()
            } catch let error as SDLSessionError {
                throw error
            } catch let error as SDLWireError {
                throw SDLSessionError(.wire(error))
            } catch let failure as WebSocketFailure {
                throw SDLSessionError(.webSocket(failure))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw SDLSessionError(.connectionClosed, context: "\(error)")
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }
}
