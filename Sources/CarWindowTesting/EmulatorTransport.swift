public import HeadUnit
public import SDLSession
public import SDLWire

/// An app's transport to the fixture's emulator in memory: no socket, no port, the same frames. The app side reads
/// them through the same frame decoder (and receive limit) as TCP; each connection is a new app to the emulator, so
/// a reconnection works as over TCP. What a byte stream adds (the link rate, the partial-frame timeout, TCP's own
/// errors) is not there: tests of those use ``EmulatorFixture/tcpTransport(configuration:)``.
///
/// ```swift
/// try await EmulatorFixture.run { emulator in
///     let session = SDLSession(configuration: app, transport: emulator.transport())
///     try await session.start()
/// }
/// ```
public struct EmulatorTransport: SDLTransport, CustomStringConvertible {
    let headUnit: HeadUnitEmulator

    /// A transport to `headUnit` in memory, for a test that runs the emulator itself; ``EmulatorFixture/transport()``
    /// gives one to the fixture's emulator.
    ///
    /// ```swift
    /// let settings = CarWindowSettings(app: app)
    /// let projection = Projection(settings: settings, transport: EmulatorTransport(headUnit: headUnit))
    /// ```
    public init(headUnit: HeadUnitEmulator) {
        self.headUnit = headUnit
    }

    public var description: String { "the emulator (in memory)" }

    public var kind: TransportKind { .memory }

    public func withConnection<Result: Sendable>(
        _ body: (InMemoryConnection) async throws -> Result
    ) async throws -> Result {
        let (app, relay) = InMemoryTransport.makePair()
        let link = await headUnit.connectInMemory()
        return try await relay.withConnection { relay in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The emulator's frames to the app, as bytes through the app's decoder.
                    for await frame in link.frames { try await relay.send([frame]) }
                    await relay.close()
                }
                group.addTask {
                    // The app's frames to the emulator; the app closing its side ends the link.
                    for try await frame in relay.inbound { link.send(frame) }
                    link.close()
                }
                defer { group.cancelAll() }
                let result = try await app.withConnection(body)
                link.close()
                return result
            }
        }
    }
}
