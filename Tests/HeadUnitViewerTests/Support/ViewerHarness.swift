import BrowserTestSupport
import HeadUnitViewer
import Logging
import ServiceLifecycle

/// Runs a ViewerServer on 127.0.0.1 port 0 in a ServiceGroup for the duration of `body`, then shuts it down
/// gracefully, on failure too.
func withViewer<Result: Sendable>(
    backend: FakeBackend, maximumQueuedPictures: Int = 30,
    _ body: @Sendable (_ port: Int) async throws -> Result
) async throws -> Result {
    var logger = Logger(label: "viewer-test")
    logger.logLevel = .warning
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let server = ViewerServer(
        backend: backend, configuration: .init(port: 0, maximumQueuedPictures: maximumQueuedPictures),
        logger: logger
    ) { port in
        portContinuation.yield(port)
    }
    let group = ServiceGroup(services: [server], logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        do {
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw HarnessError("the server never reported its port") }
            let result = try await body(port)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        } catch {
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            throw error
        }
    }
}
