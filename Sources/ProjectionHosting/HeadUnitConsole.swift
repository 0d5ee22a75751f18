import Foundation
package import HeadUnit

/// The head-unit emulator's console: lines on standard input, each a ``ConsoleCommand`` applied to the emulator and
/// answered on standard output. `carwindow headunit` and `carwindow project` (with its own emulator) share it.
package enum HeadUnitConsole {
    /// Reads standard input until it ends and applies each non-empty line to `headUnit`; the task ends with the
    /// input (or when cancelled). A line that is not a command gets the usage error as its answer.
    ///
    /// ```swift
    /// let console = HeadUnitConsole.start(on: headUnit) { print($0) }
    /// defer { console.cancel() }
    /// ```
    package static func start(on headUnit: HeadUnitEmulator, say: @escaping @Sendable (String) -> Void) -> Task<
        Void, Never
    > {
        let lines = standardInputLines()
        return Task {
            for await line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    say(try await ConsoleCommand(parsing: line).apply(to: headUnit))
                } catch {
                    say("\(error)")
                }
            }
        }
    }

    /// Standard input, line by line; a thread of its own because reading blocks.
    private static func standardInputLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
