import NIOCore
import NIOEmbedded
import Testing

@testable import HeadUnit

/// The emulator's slow link: which `read()`s reach the socket, on an embedded channel whose clock only moves when the
/// test moves it.
@Suite("Link rate cap")
struct LinkRateTests {
    /// Counts the `read()` requests that get past the limiter to the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = NIOAny
        var reads = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    static func channel(_ rate: LinkRate) throws -> (EmbeddedChannel, ReadCounter) {
        let counter = ReadCounter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(LinkRateLimiter(rate: rate))
        return (channel, counter)
    }

    @Test("without a cap every read goes to the socket at once")
    func uncapped() throws {
        let (channel, counter) = try Self.channel(LinkRate(kbps: nil))
        for _ in 0..<3 {
            try channel.writeInbound(ByteBuffer(repeating: 1, count: 60_000))
            channel.read()
        }
        #expect(counter.reads == 3)
        _ = try channel.finish()
    }

    @Test("with a cap the next read waits until the bytes read have crossed the link")
    func capped() throws {
        // 8 kbit/s: 1000 bytes a second.
        let (channel, counter) = try Self.channel(LinkRate(kbps: 8))
        channel.read()
        #expect(counter.reads == 1)
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 500))
        channel.read()
        #expect(counter.reads == 1)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(499))
        #expect(counter.reads == 1)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(counter.reads == 2)
        // A second read request while one is held back is not queued twice.
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 250))
        channel.read()
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(250))
        #expect(counter.reads == 3)
        _ = try channel.finish()
    }

    @Test("a read that comes late makes up at most 40 ms of link time it missed; idling saves up no more")
    func lateReads() throws {
        // 8 kbit/s: 1000 bytes a second.
        let (channel, counter) = try Self.channel(LinkRate(kbps: 8))
        channel.read()
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 500))
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        #expect(counter.reads == 2)
        // The next bytes come 30 ms after the link was free: their 500 ms count from when it was free.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(30))
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 500))
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(469))
        #expect(counter.reads == 2)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(counter.reads == 3)
        // After a second of idling only 40 ms are made up: the next read waits 460 ms, not 0.
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 500))
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(459))
        #expect(counter.reads == 3)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(counter.reads == 4)
        _ = try channel.finish()
    }

    @Test("lifting the cap releases a held read within a second; later reads go at once")
    func changedAtRuntime() throws {
        let rate = LinkRate(kbps: 1)
        let (channel, counter) = try Self.channel(rate)
        channel.read()
        // 1250 bytes at 1 kbit/s: ten seconds of link.
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 1_250))
        channel.read()
        #expect(counter.reads == 1)
        rate.kbps = nil
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(counter.reads == 2)
        try channel.writeInbound(ByteBuffer(repeating: 1, count: 1_250))
        channel.read()
        #expect(counter.reads == 3)
        _ = try channel.finish()
    }

    @Test("the console's link-kbps sets and lifts the emulator's cap; bad values are refused")
    func console() async throws {
        #expect(try ConsoleCommand(parsing: "link-kbps 1000") == .linkKbps(1_000))
        #expect(try ConsoleCommand(parsing: "LINK-KBPS off") == .linkKbps(nil))
        for bad in ["link-kbps", "link-kbps 0", "link-kbps -5", "link-kbps fast", "link-kbps 1 2"] {
            #expect(throws: HeadUnitError.self) { try ConsoleCommand(parsing: bad) }
        }
        let headUnit = HeadUnitEmulator(configuration: HeadUnitConfiguration(port: 0))
        let reply = try await ConsoleCommand.linkKbps(1_000).apply(to: headUnit)
        #expect(reply == "reading every app at 1000 kbit/s at most")
        #expect(await headUnit.linkKbps == 1_000)
        _ = try await ConsoleCommand.linkKbps(nil).apply(to: headUnit)
        #expect(await headUnit.linkKbps == nil)
        await #expect(throws: HeadUnitError.self) { try await headUnit.setLinkKbps(20_000_000) }
    }

    @Test("the configuration's cap is in force from the start")
    func configured() async {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.linkKbps = 500
        #expect(await HeadUnitEmulator(configuration: configuration).linkKbps == 500)
    }
}
