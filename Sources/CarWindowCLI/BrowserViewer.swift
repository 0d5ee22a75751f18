import HeadUnit
import HeadUnitViewer

/// The emulator's HMI in the browser (`HeadUnitViewer`), run for the length of `carwindow demo`.
///
/// The server runs in one task this actor owns; the demo's stop cancels it and waits for it.
actor BrowserViewer: DemoViewerHook {
    let port: Int
    private var server: Task<Void, any Error>?
    private var backend: HeadUnitBackend?

    init(port: Int) { self.port = port }

    func demoWillStart(headUnit: HeadUnit?, say: @escaping @Sendable (String) -> Void) async throws {
        guard let headUnit else {
            say("viewer: not started (with --core the video goes to SDL Core, not to the emulator the viewer shows)")
            return
        }
        let backend = HeadUnitBackend(headUnit: headUnit)
        self.backend = backend
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = ViewerServer(backend: backend, configuration: .init(port: port)) { port in
            boundContinuation.yield(port)
            boundContinuation.finish()
        }
        self.server = Task {
            defer { boundContinuation.finish() }
            try await server.run()
        }
        var ports = bound.makeAsyncIterator()
        guard let port = await ports.next() else {
            let failure = await self.server?.result
            if case .failure(let error) = failure { throw error }
            throw ViewerError(.server, "the viewer stopped before it listened on port \(self.port)")
        }
        say("viewer: http://127.0.0.1:\(port)")
    }

    func appStateRequests() -> AsyncStream<ViewerAppState>? { backend?.appStateRequests }

    func demoDidStop() async {
        server?.cancel()
        _ = await server?.result
    }
}
