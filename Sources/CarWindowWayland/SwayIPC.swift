import Foundation
import Glibc

/// sway's IPC (the i3 protocol: `i3-ipc`, a little-endian length and type, a JSON payload) for one command at a
/// time, blocking with a deadline: used from the display's own thread, never from the cooperative pool.
struct SwayIPC: Sendable {
    let path: String

    /// Runs `command` (IPC type 0, RUN_COMMAND); true when sway answered that every part succeeded.
    func run(_ command: String, timeout: Duration = .seconds(5)) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return false }
        let payload = Array(command.utf8)
        var message = Array("i3-ipc".utf8)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { message += $0 }
        withUnsafeBytes(of: UInt32(0).littleEndian) { message += $0 }
        message += payload
        guard send(fd, message, message.count, Int32(MSG_NOSIGNAL)) == message.count else { return false }
        guard let header = receive(fd, count: 14), header.starts(with: Array("i3-ipc".utf8)) else { return false }
        let length = header[6..<10].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        // A reply to one command is a few dozen bytes; a huge length is not sway.
        guard length <= 65_536, let body = receive(fd, count: length) else { return false }
        let text = String(decoding: body, as: UTF8.self).filter { !$0.isWhitespace }
        return text.contains("\"success\":true") && !text.contains("\"success\":false")
    }

    private func receive(_ fd: Int32, count: Int) -> [UInt8]? {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = result.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + filled, count - filled, 0) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            filled += read
        }
        return result
    }
}
