import Dispatch
import Foundation

/// Ctrl-C (SIGINT) as something to await, for the commands that run "until Ctrl-C or --duration".
///
/// Watch it before the command starts its work, and watch it with or without `--duration`: otherwise the default
/// SIGINT action kills the process on the spot, with the app still registered and the summary (the recording's
/// path, "demo stopped") never printed.
///
/// ```swift
/// let interrupts = Interrupt.watch()          // first thing in run()
/// // ... start ...
/// await Interrupt.wait(for: interrupts, orSeconds: duration)
/// ```
enum Interrupt {
    /// Stops SIGINT from killing the process and delivers it on the returned stream instead, for the rest of the
    /// process's life (the last one is kept until someone waits).
    static func watch() -> AsyncStream<Void> {
        signal(SIGINT, SIG_IGN)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = DispatchSource.makeSignalSource(signal: SIGINT)
        // The handler holds the source on purpose: a released source stops delivering, and SIGINT stays ours until
        // the process exits.
        source.setEventHandler {
            withExtendedLifetime(source) { _ = continuation.yield() }
        }
        source.resume()
        return stream
    }

    /// Returns at the first SIGINT on `interrupts`, or after `seconds` when given, whichever comes first.
    static func wait(for interrupts: AsyncStream<Void>, orSeconds seconds: Double?) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in interrupts { break }
            }
            if let seconds {
                group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }
}
