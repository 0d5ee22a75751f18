import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ClientBootstrap {
    /// Sets `TCP_NOTSENT_LOWAT` to `bytes` (see ``TCPTransport/Configuration/notSentLowWatermark``), or leaves the
    /// kernel's default when it is `nil` or the platform has no such option.
    func notSentLowWatermark(_ bytes: Int?) -> ClientBootstrap {
        #if os(Linux) || canImport(Darwin)
            guard let bytes else { return self }
            let option = ChannelOptions.Types.SocketOption(
                level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_NOTSENT_LOWAT))
            return channelOption(option, value: SocketOptionValue(min(bytes, Int(Int32.max))))
        #else
            return self
        #endif
    }
}
