public import SDLWire

/// One app's link to the emulator without a socket: the frames each side sends, handed over in memory.
///
/// The emulator serves it like an accepted TCP connection (the same `AppSession`, events, recordings and
/// console); what it does not have is a byte stream, so the link rate (``HeadUnitConfiguration/linkKbps``) and the
/// partial-frame timeout do not apply: tests of those use TCP. The app's transport over it is CarWindowTesting's
/// `EmulatorFixture.transport()`.
///
/// ```swift
/// let link = await headUnit.connectInMemory()
/// link.send(startService)                   // an SDLFrame from the app
/// for await frame in link.frames { ... }    // what the emulator answers
/// link.close()
/// ```
public struct InMemoryAppLink: Sendable {
    /// What the emulator sends the app, in order; it ends when either side closes the link.
    public let frames: AsyncStream<SDLFrame>
    private let input: AsyncStream<SDLFrame>.Continuation

    init(frames: AsyncStream<SDLFrame>, input: AsyncStream<SDLFrame>.Continuation) {
        self.frames = frames
        self.input = input
    }

    /// Hands `frame` to the emulator. Returns `false` once the link is closed.
    @discardableResult
    public func send(_ frame: SDLFrame) -> Bool {
        if case .terminated = input.yield(frame) { return false }
        return true
    }

    /// Closes the link from the app's side: the emulator sees the app disconnect, and ``frames`` ends.
    public func close() {
        input.finish()
    }
}

/// The app stopped taking the emulator's frames: it closed its side.
struct InMemoryLinkClosed: Error {}

extension HeadUnitEmulator {
    /// Connects an app in memory: the emulator serves the link as a new app connection until either side closes it
    /// or the emulator stops. The emulator needs no ``start()`` for it.
    public func connectInMemory() -> InMemoryAppLink {
        let (fromApp, fromAppInput) = AsyncStream.makeStream(of: SDLFrame.self)
        let (toApp, toAppInput) = AsyncStream.makeStream(of: SDLFrame.self)
        let close: @Sendable () -> Void = {
            fromAppInput.finish()
            toAppInput.finish()
        }
        serveInMemory(.memory(fromApp: fromApp, toApp: toAppInput, close: close))
        return InMemoryAppLink(frames: toApp, input: fromAppInput)
    }
}
