import Glibc

/// A TCP port on 127.0.0.1 that nobody listens on, for as long as the test holds it: a socket bound to it and never
/// listening. A connect is refused, and no test running in parallel can take the port meanwhile (a listener that is
/// closed to free its port lets the next test that binds port 0 have it, and under load one did).
final class HeldPort: Sendable {
    let port: Int
    private let descriptor: Int32

    struct Failure: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Gives the port back.
    func release() { close(descriptor) }
}
