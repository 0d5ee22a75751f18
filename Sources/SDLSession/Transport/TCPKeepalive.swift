import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TCP keepalive on the app's socket: the kernel probes a connection that has carried nothing for ``idle`` and
/// resets it after ``count`` unanswered probes ``interval`` apart. It catches a head unit that vanished without a
/// FIN (the car's Wi-Fi gone, the head unit powered off): without it a quiet socket stays "open" for hours.
///
/// The session's heartbeat (``AppConfiguration/Heartbeat``) catches a head unit whose kernel still answers but
/// whose SDL stack does not; keepalive needs nothing from the peer's application at all.
///
/// ```swift
/// let transport = TCPTransport(
///     host: "192.168.1.20", port: 12345,
///     configuration: TCPTransport.Configuration(keepalive: TCPKeepalive(idle: .seconds(5), interval: .seconds(2))))
/// ```
public struct TCPKeepalive: Sendable, Hashable {
    /// Quiet time before the first probe (whole seconds, at least 1).
    public var idle: Duration
    /// Time between probes (whole seconds, at least 1).
    public var interval: Duration
    /// Unanswered probes before the kernel resets the connection (at least 1).
    public var count: Int

    /// - Parameters:
    ///   - idle: the quiet time before probing; 10 s by default.
    ///   - interval: the time between probes; 5 s by default.
    ///   - count: probes before giving up; 3 by default, so a vanished head unit is noticed within about 25 s.
    public init(idle: Duration = .seconds(10), interval: Duration = .seconds(5), count: Int = 3) {
        self.idle = idle
        self.interval = interval
        self.count = max(count, 1)
    }

    /// The socket options that turn keepalive on with these values; the kernel counts in whole seconds.
    var socketOptions: [(ChannelOptions.Types.SocketOption, SocketOptionValue)] {
        let tcp = SocketOptionLevel(IPPROTO_TCP)
        var options: [(ChannelOptions.Types.SocketOption, SocketOptionValue)] = [
            (.socketOption(.so_keepalive), 1)
        ]
        #if os(Linux)
            options.append((.socket(tcp, SocketOptionName(TCP_KEEPIDLE)), Self.seconds(idle)))
            options.append((.socket(tcp, SocketOptionName(TCP_KEEPINTVL)), Self.seconds(interval)))
            options.append((.socket(tcp, SocketOptionName(TCP_KEEPCNT)), SocketOptionValue(min(count, 127))))
        #endif
        return options
    }

    private static func seconds(_ duration: Duration) -> SocketOptionValue {
        // The kernel takes 1...32767 seconds for both.
        SocketOptionValue(min(max(duration.components.seconds, 1), 32_767))
    }
}

extension ClientBootstrap {
    /// Sets `keepalive`'s socket options, or leaves keepalive off when it is `nil`.
    func keepalive(_ keepalive: TCPKeepalive?) -> ClientBootstrap {
        guard let keepalive else { return self }
        var bootstrap = self
        for (option, value) in keepalive.socketOptions {
            bootstrap = bootstrap.channelOption(option, value: value)
        }
        return bootstrap
    }
}

extension ServerBootstrap {
    /// ``ClientBootstrap/keepalive(_:)`` for every accepted connection.
    func childKeepalive(_ keepalive: TCPKeepalive?) -> ServerBootstrap {
        guard let keepalive else { return self }
        var bootstrap = self
        for (option, value) in keepalive.socketOptions {
            bootstrap = bootstrap.childChannelOption(option, value: value)
        }
        return bootstrap
    }
}
