import NIOCore
import NIOEmbedded
import Testing

@testable import HeadUnit

/// The read pacer both slow readers stand on (the emulator's capped link and `bench hostile`'s one-byte-a-second
/// head unit): which `read()`s reach the socket and when, on an embedded channel whose clock only moves when the test
/// moves it.
@Suite("Read pacer")
struct ReadPacerTests {
    /// A handler paced the way the two real ones are: by a deadline set from outside (the link's token bucket), or
    /// by an interval counted from the last read that went on (the one-byte-a-second reader).
    final class PacedReader: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = NIOAny
        let pacer = ReadPacer()
        var notBefore: NIODeadline?
        var interval: TimeAmount?
        var recheck: TimeAmount?
        /// How many times a held read came back to the handler.
        var retries = 0

        func read(context: ChannelHandlerContext) {
            let now = context.eventLoop.now
            let wentOn = pacer.read(context: context, notBefore: notBefore, now: now, recheck: recheck) {
                self.retries += 1
                self.read(context: context)
            }
            if wentOn, let interval { notBefore = now + interval }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            pacer.cancel()
        }

        func channelInactive(context: ChannelHandlerContext) {
            pacer.cancel()
            context.fireChannelInactive()
        }
    }

    static func channel(_ reader: PacedReader) throws -> (EmbeddedChannel, LinkRateTests.ReadCounter) {
        let counter = LinkRateTests.ReadCounter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(reader)
        return (channel, counter)
    }

    @Test("a read with no deadline, or one whose deadline has come, goes to the socket at once")
    func passesThrough() throws {
        let reader = PacedReader()
        let (channel, counter) = try Self.channel(reader)
        channel.read()
        #expect(counter.reads == 1)
        reader.notBefore = channel.embeddedEventLoop.now
        channel.read()
        #expect(counter.reads == 2)
        #expect(reader.retries == 0)
        _ = try channel.finish()
    }

    @Test("one read per interval: a held read goes on at its deadline, and requests while it is held add nothing")
    func oneReadPerInterval() throws {
        let reader = PacedReader()
        reader.interval = .seconds(1)
        let (channel, counter) = try Self.channel(reader)
        channel.read()
        #expect(counter.reads == 1)
        for _ in 0..<3 { channel.read() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        #expect(counter.reads == 1)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(counter.reads == 2)
        #expect(reader.retries == 1)
        // The next interval counts from the read that went on: nothing more without a new request, then one a second.
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(counter.reads == 2)
        channel.read()
        #expect(counter.reads == 3)
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(counter.reads == 4)
        _ = try channel.finish()
    }

    @Test("with a recheck a held read comes back early, so a pace that changed meanwhile takes effect")
    func recheck() throws {
        let reader = PacedReader()
        reader.notBefore = .uptimeNanoseconds(0) + .seconds(10)
        reader.recheck = .seconds(1)
        let (channel, counter) = try Self.channel(reader)
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        // Asked again at 1 s with the pace unchanged: held again, for at most another second.
        #expect(reader.retries == 1)
        #expect(counter.reads == 0)
        reader.notBefore = nil
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(reader.retries == 2)
        #expect(counter.reads == 1)
        _ = try channel.finish()
    }

    @Test("a held read never comes back once the channel has closed")
    func cancelledOnClose() throws {
        let reader = PacedReader()
        reader.notBefore = .uptimeNanoseconds(0) + .seconds(1)
        let (channel, counter) = try Self.channel(reader)
        channel.read()
        // Closed, not finished: finishing would also drop the loop's scheduled tasks, the pacer's among them.
        _ = channel.close()
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(reader.retries == 0)
        #expect(counter.reads == 0)
    }

    @Test("a held read never comes back once its handler has left the pipeline")
    func cancelledOnRemoval() throws {
        let reader = PacedReader()
        reader.notBefore = .uptimeNanoseconds(0) + .seconds(1)
        let (channel, counter) = try Self.channel(reader)
        channel.read()
        _ = channel.pipeline.syncOperations.removeHandler(reader)
        #expect(throws: ChannelPipelineError.self) { try channel.pipeline.syncOperations.context(handler: reader) }
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(reader.retries == 0)
        #expect(counter.reads == 0)
        _ = try channel.finish()
    }
}
