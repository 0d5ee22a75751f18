/// Why `carwindow stream` failed: one line for stderr, and the exit code.
///
/// ```swift
/// throw StreamFailure("cannot connect to 127.0.0.1:12345: connection refused")
/// ```
struct StreamFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The one-line reason printed on stderr.
    var message: String

    init(_ message: String) {
        // One line, whatever the underlying error printed.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    var description: String { message }
}
