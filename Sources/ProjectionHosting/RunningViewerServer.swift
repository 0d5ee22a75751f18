package import HeadUnitViewer
import Logging
import ServiceLifecycle

/// A browser viewer served for the length of a command (`carwindow headunit --viewer`, `carwindow demo`).
///
/// The server runs in a service group so that stopping it is a graceful shutdown: the browsers' WebSockets are
/// closed and the HTTP server finishes its connections. Cancelling the server's task instead makes Hummingbird log
/// an error for every child channel it was waiting on, on a stop that went well.
package struct RunningViewerServer: Sendable {
    /// The port the server listens on (the one asked for, or the one the system chose for 0).
    package let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts serving `backend` and returns once the server listens.
    ///
    /// - Throws: the server's error when it stops before listening (a port in use).
    package static func start(_ backend: some ViewerBackend, port: Int) async throws -> RunningViewerServer {
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = ViewerServer(backend: backend, configuration: .init(port: port)) { port in
            boundContinuation.yield(port)
            boundContinuation.finish()
        }
        let group = ServiceGroup(services: [server], logger: Logger(label: "carwindow.viewer"))
        let task = Task {
            defer { boundContinuation.finish() }
            try await group.run()
        }
        var ports = bound.makeAsyncIterator()
        guard let boundPort = await ports.next() else {
            if case .failure(let error) = await task.result { throw error }
            throw ViewerError(.server, "the viewer stopped before it listened on port \(port)")
        }
        return RunningViewerServer(port: boundPort, group: group, task: task)
    }

    /// Shuts the server down gracefully and waits until it has.
    package func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
