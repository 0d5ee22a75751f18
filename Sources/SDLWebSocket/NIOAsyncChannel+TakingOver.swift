package import NIOCore

extension NIOAsyncChannel where Inbound: Sendable, Outbound: Sendable {
    /// Wraps an accepted connection for async code and starts reading it, on its event loop: what the taker of a
    /// connection accepted by a listener does (the emulator's TCP listener, ``WebSocketListener``). The listener
    /// set the pipeline up with reading off, so no byte was read before there is a stream to put it in; what an
    /// upgraded connection held until now (``HeldInbound``) reaches the wrapper first.
    ///
    /// Why not wrap at accept: a connection wrapped as it is accepted and dropped because the listener stopped is an
    /// async channel dropped unfinished, and NIO stops the process for that (apple/swift-nio#2637).
    ///
    /// ```swift
    /// guard unclaimed.claim(child) else { return }
    /// let channel = try await NIOAsyncChannel<SDLFrame, SDLFrame>.takingOver(child)
    /// try await channel.executeThenClose { inbound, outbound in /* ... */ }
    /// ```
    ///
    /// - Throws: `ChannelError.ioOnClosedChannel` when `child` has closed.
    package static func takingOver(_ child: any Channel) async throws -> NIOAsyncChannel<Inbound, Outbound> {
        try await child.eventLoop.submit {
            // NIO would drop (and trap on) a wrapper half made on a closed pipeline: check first, on the loop
            // that closes it. The listener activated it on this loop before handing it over, so a child that is
            // not active has closed.
            guard child.isActive, let options = child.syncOptions else { throw ChannelError.ioOnClosedChannel }
            // Before the wrapper, so nothing can throw once it exists; no byte is read before this closure
            // returns, and by then the wrapper is in the pipeline.
            try options.setOption(.autoRead, value: true)
            let wrapped = try NIOAsyncChannel<Inbound, Outbound>(wrappingChannelSynchronously: child)
            HeldInbound.release(on: child)
            // Turning autoRead on asks the socket directly; one read through the pipeline lets its handlers
            // (a link's pacer) see the first request, as when a connection starts reading at accept.
            child.pipeline.syncOperations.read()
            return wrapped
        }.get()
    }
}
