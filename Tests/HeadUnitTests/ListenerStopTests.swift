import CarWindowTestingTools
import HeadUnit
import NIOCore
import NIOPosix
import Synchronization
import Testing

/// Stopping the emulator while apps are still connecting: every connection the listener accepted, taken by the
/// emulator or not yet, is closed, and none is dropped half set up (which NIO answers with a trap:
/// "Deinited NIOAsyncWriter without calling finish()").
@Suite("Listener stop", .timeLimit(.minutes(5)))
struct ListenerStopTests {
    /// Connections opened per round: more than the listener accepts in one read (NIO takes 4 per wake-up), so when
    /// the first is served the others are spread over every step of the accept path.
    static let clients = 32
    static let rounds = 20

    @Test("stopping the head unit while apps connect closes every connection, taken or still being accepted")
    func stopWhileAppsConnect() async throws {
        for round in 1...Self.rounds {
            let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
            let port = try await headUnit.start()
            let events = await headUnit.events()
            let (closed, closures) = AsyncStream<Int>.makeStream()
            let count = Counter()
            // The kernel completes each handshake on its own: connect returns before the emulator accepts.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<Self.clients {
                    group.addTask {
                        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                            .connect(host: "127.0.0.1", port: port).get()
                        client.closeFuture.whenComplete { _ in closures.yield(count.increment()) }
                    }
                }
                try await group.waitForAll()
            }
            // The first app is being served: the rest are queued in the kernel, being set up, or waiting to be taken.
            try await firstElement(of: events, "round \(round): the first app connecting", within: .seconds(30)) {
                if case .connected = $0 { true } else { false }
            }
            await headUnit.stop()
            // A connection accepted but never taken would stay open: its app would wait here until the deadline.
            try await firstElement(
                of: closed, "round \(round): every app's connection closed by stop()", within: .seconds(30)
            ) { $0 == Self.clients }
        }
    }
}

/// How many of a round's apps saw their connection close.
private final class Counter: Sendable {
    // An atomic, not a Mutex: the closures run on several event loops at once, and a contended Mutex waits in the
    // uninstrumented standard library, so TSan reports a race that is not there (docs/lab/thread-sanitizer.md).
    private let value = Atomic(0)

    func increment() -> Int {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
