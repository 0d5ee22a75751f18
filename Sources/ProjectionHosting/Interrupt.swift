import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM as something to await, for every command that runs "until Ctrl-C or --duration".
///
/// Watch them before the command starts its work, and watch them with or without `--duration`: otherwise the default
/// action kills the process on the spot, with the app still registered and the summary (the recording's path,
/// "demo stopped") never printed.
///
/// ```swift
/// let interrupts = Interrupt.watch()          // first thing in run()
/// // ... start ...
/// await Interrupt.wait(for: interrupts, orSeconds: duration)
/// ```
package enum Interrupt {
    /// Stops SIGINT and SIGTERM from killing the process and delivers them on the returned stream instead, for the
    /// rest of the process's life (the last one is kept until someone waits).
    package static func watch() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            // The handler holds the source on purpose: a released source stops delivering, and the signal stays
            // ours until the process exits.
            source.setEventHandler {
                withExtendedLifetime(source) { _ = continuation.yield() }
            }
            source.resume()
        }
        return stream
    }

    /// Returns at the first signal on `interrupts`, or after `seconds` when given, whichever comes first.
    package static func wait(for interrupts: AsyncStream<Void>, orSeconds seconds: Double?) async {
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
