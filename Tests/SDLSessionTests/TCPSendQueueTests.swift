import HeadUnit
import NIOCore
import NIOPosix
import Testing

@testable import SDLSession

/// How much the kernel may hold for the app's socket: the limit that keeps a slow link's backlog where the session
/// (and the bitrate adaptation) can see it, and the emulator's Wi-Fi-sized segments that make a capped link behave.
@Suite("TCP send queue", .timeLimit(.minutes(3)))
struct TCPSendQueueTests {
    static let tcp = SocketOptionLevel(IPPROTO_TCP)

    @Test("the app's socket gets TCP_NOTSENT_LOWAT as configured (16 KiB by default); nil leaves the kernel's")
    func notSentLowWatermark() async throws {
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await headUnit.start()
        defer { Task { await headUnit.stop() } }
        let option = ChannelOptions.Types.SocketOption(level: Self.tcp, name: SocketOptionName(TCP_NOTSENT_LOWAT))
        func lowat(_ configuration: TCPTransport.Configuration) async throws -> (Int, Int?) {
            try await TCPTransport(host: "127.0.0.1", port: port, configuration: configuration).withConnection {
                (try await $0.channel.getOption(option).get(), await TCPUnsentBytes.read($0.channel))
            }
        }
        let (standard, unsent) = try await lowat(TCPTransport.Configuration())
        #expect(standard == 16_384)
        // An idle connection has nothing unsent, and the kernel says so (the figure the sender waits on).
        #expect(unsent == 0)
        #expect(try await lowat(TCPTransport.Configuration(notSentLowWatermark: 4_096)).0 == 4_096)
        // Unset, the socket reads 0: the system-wide net.ipv4.tcp_notsent_lowat applies (no limit by default).
        #expect(try await lowat(TCPTransport.Configuration(notSentLowWatermark: nil)).0 == 0)
        await headUnit.stop()
    }

    @Test("the emulator announces an Ethernet/Wi-Fi segment size to apps, not loopback's 64 KiB")
    func emulatorSegmentSize() async throws {
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let port = try await headUnit.start()
        defer { Task { await headUnit.stop() } }
        let option = ChannelOptions.Types.SocketOption(level: Self.tcp, name: SocketOptionName(TCP_MAXSEG))
        let segment = try await TCPTransport(host: "127.0.0.1", port: port).withConnection {
            try await $0.channel.getOption(option).get()
        }
        // The app's sending segment follows what the emulator announced (less TCP options such as timestamps).
        #expect(segment > 1_000)
        #expect(segment <= 1_448)
        await headUnit.stop()
    }
}
