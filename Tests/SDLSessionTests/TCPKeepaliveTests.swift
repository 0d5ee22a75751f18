import HeadUnit
import NIOCore
import NIOPosix
import Testing

@testable import SDLSession

/// TCP keepalive on the app's socket: the options a user sets are the ones the kernel gets.
@Suite("TCP keepalive", .timeLimit(.minutes(3)))
struct TCPKeepaliveTests {
    @Test("the app's socket has SO_KEEPALIVE and the idle, interval and count asked for; nil leaves it off")
    func optionsReachTheSocket() async throws {
        let server = try await TCPListener<ByteBuffer, ByteBuffer>.bind(host: "127.0.0.1", port: 0) { _ in }
        let port = try #require(server.port)
        let accepting = Task {
            try await server.executeThenClose { clients in
                for try await client in clients {
                    try await client.executeThenClose { inbound, _ in for try await _ in inbound {} }
                }
            }
        }
        defer { accepting.cancel() }
        let tcp = SocketOptionLevel(IPPROTO_TCP)
        let keepalive = TCPKeepalive(idle: .seconds(7), interval: .milliseconds(2_500), count: 4)
        let on = TCPTransport(
            host: "127.0.0.1", port: port, configuration: TCPTransport.Configuration(keepalive: keepalive))
        let values = try await on.withConnection { connection in
            [
                try await connection.channel.getOption(.socketOption(.so_keepalive)).get(),
                try await connection.channel.getOption(.socket(tcp, SocketOptionName(TCP_KEEPIDLE))).get(),
                try await connection.channel.getOption(.socket(tcp, SocketOptionName(TCP_KEEPINTVL))).get(),
                try await connection.channel.getOption(.socket(tcp, SocketOptionName(TCP_KEEPCNT))).get(),
            ]
        }
        // The kernel counts whole seconds: 2.5 s is 2.
        #expect(values.first != 0)
        #expect(Array(values.dropFirst()) == [7, 2, 4])
        let off = TCPTransport(host: "127.0.0.1", port: port, configuration: TCPTransport.Configuration(keepalive: nil))
        let disabled = try await off.withConnection { connection in
            try await connection.channel.getOption(.socketOption(.so_keepalive)).get()
        }
        #expect(disabled == 0)
        server.close()
    }
}
