import Foundation
import Glibc

/// Reads the first line a helper writes on a pipe (Xvfb's display number, dbus-daemon's address), on a dedicated
/// thread with a deadline, so a helper that hangs or dies gives an error rather than a hang.
package enum DescriptorReader {
    /// The first line from `fd` (which it closes; text up to EOF counts), or `nil` when nothing came before EOF,
    /// an error or `timeout`.
    package static func firstLine(from fd: Int32, timeout: Duration) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                defer { close(fd) }
                let deadline = ContinuousClock.now.advanced(by: timeout)
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 256)
                while bytes.count < 4096 {
                    let remaining = ContinuousClock.now.duration(to: deadline)
                    guard remaining > .zero else { break }
                    var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let milliseconds = Int32(remaining.components.seconds * 1000 + 1)
                    let ready = poll(&pollfd, 1, milliseconds)
                    if ready < 0, errno == EINTR { continue }
                    guard ready > 0 else { break }
                    let count = read(fd, &buffer, buffer.count)
                    guard count > 0 else { break }
                    bytes += buffer[0..<count]
                    if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.resume(returning: String(decoding: bytes[..<newline], as: UTF8.self))
                        return
                    }
                }
                // A helper that ends without a newline (dbus-send) still said something.
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.isEmpty ? nil : text)
            }
            thread.name = "carwindow-x11-pipe"
            thread.start()
        }
    }

    /// A pipe whose ends are closed on exec (the child gets a dup2'd copy only).
    package static func makePipe() throws(ProgramProjectionError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw ProgramProjectionError(.display, "pipe: \(String(cString: strerror(errno)))")
        }
        // Set before any child starts in this projection; another projection spawning in between could inherit a
        // descriptor, which only delays its EOF.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
