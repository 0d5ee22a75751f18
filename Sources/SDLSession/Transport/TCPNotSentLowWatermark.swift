import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `TCP_NOTSENT_LOWAT` (see ``TCPTransport/Configuration/notSentLowWatermark``) for a socket that dials and for one
/// a listener accepts.
enum TCPNotSentLowWatermark {
    /// The option and its value for `bytes`; `nil` when `bytes` is `nil` or the platform has no such option.
    static func option(_ bytes: Int?) -> (ChannelOptions.Types.SocketOption, SocketOptionValue)? {
        #if os(Linux) || canImport(Darwin)
            guard let bytes else { return nil }
            let option = ChannelOptions.Types.SocketOption(
                level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_NOTSENT_LOWAT))
            return (option, SocketOptionValue(min(bytes, Int(Int32.max))))
        #else
            return nil
        #endif
    }
}

extension ClientBootstrap {
    /// Sets `TCP_NOTSENT_LOWAT` to `bytes`, or leaves the kernel's default when it is `nil` or the platform has no
    /// such option.
    func notSentLowWatermark(_ bytes: Int?) -> ClientBootstrap {
        guard let (option, value) = TCPNotSentLowWatermark.option(bytes) else { return self }
        return channelOption(option, value: value)
    }
}

extension ServerBootstrap {
    /// ``ClientBootstrap/notSentLowWatermark(_:)`` for every accepted connection.
    func childNotSentLowWatermark(_ bytes: Int?) -> ServerBootstrap {
        guard let (option, value) = TCPNotSentLowWatermark.option(bytes) else { return self }
        return childChannelOption(option, value: value)
    }
}
