import NIOCore
import NIOPosix
import SDLWire
import Testing

@testable import SDLSession

/// The link's rate measured while a backlog drains (`TCPConnection` holding a batch back): the arithmetic, and the
/// kernel figure it is taken from.
@Suite("Link delivery rate", .timeLimit(.minutes(3)))
struct LinkDeliveryRateTests {
    @Test("bytes acknowledged over the hold-back are the link's rate; a span under 20 ms or no bytes says nothing")
    func rate() {
        #expect(LinkDeliveryRate.rate(acknowledged: 12_500, over: .milliseconds(100)) == 1_000_000)
        #expect(LinkDeliveryRate.rate(acknowledged: 50_000, over: .milliseconds(400)) == 1_000_000)
        #expect(LinkDeliveryRate.rate(acknowledged: 2_500, over: .milliseconds(20)) == 1_000_000)
        #expect(LinkDeliveryRate.rate(acknowledged: 12_500, over: .milliseconds(19)) == nil)
        #expect(LinkDeliveryRate.rate(acknowledged: 0, over: .seconds(1)) == nil)
    }

    @Test("each measurement counts, so a reader can tell a new one from one it has seen")
    func counting() {
        let first = LinkDeliveryRate.next(after: nil, bitsPerSecond: 900_000)
        let second = LinkDeliveryRate.next(after: first, bitsPerSecond: 700_000)
        #expect(first == LinkDeliveryRate(bitsPerSecond: 900_000, measurements: 1))
        #expect(second == LinkDeliveryRate(bitsPerSecond: 700_000, measurements: 2))
    }

    @Test("the kernel's acknowledged-byte count covers what the peer has answered")
    func acknowledgedBytes() async throws {
        // A peer that sends back what it gets: its answer proves it received our frame, and the answer's segment
        // carries the acknowledgement, so the count is there by the time the answer is read.
        let peer = try await EchoPeer()
        defer { peer.close() }
        let port = peer.port
        let payload = 4_000
        let frame = SDLFrame(
            header: FrameHeader(
                version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1,
                dataSize: UInt32(payload)),
            payload: ByteBuffer(repeating: 7, count: payload))
        let (before, after, echoed) = try await TCPTransport(host: "127.0.0.1", port: port).withConnection {
            connection in
            let before = await TCPUnsentBytes.acknowledged(connection.channel)
            try await connection.send([frame])
            var inbound = connection.inbound.makeAsyncIterator()
            let echoed = try await inbound.next()
            return (before, await TCPUnsentBytes.acknowledged(connection.channel), echoed)
        }
        #expect(echoed?.payload.readableBytes == payload)
        let start = try #require(before)
        let end = try #require(after)
        // The frame's header (12 bytes in protocol 5) and payload, at least.
        #expect(end - start >= UInt64(payload + 12))
    }

    @Test("a connection that never held a batch back reports no delivery rate")
    func noHoldBackNoRate() async throws {
        let peer = try await EchoPeer()
        defer { peer.close() }
        let port = peer.port
        let rate = try await TCPTransport(host: "127.0.0.1", port: port).withConnection { connection in
            try await connection.send([
                SDLFrame(
                    header: FrameHeader(
                        version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 1),
                    payload: ByteBuffer(bytes: [1]))
            ])
            return connection.deliveryRate
        }
        #expect(rate == nil)
    }
}

/// Writes back every byte it reads.
private final class EchoHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.writeAndFlush(data, promise: nil)
    }
}

/// A loopback peer that writes back every byte it reads.
private struct EchoPeer {
    let server: any Channel
    let port: Int

    init() async throws {
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.pipeline.addHandler(EchoHandler()) }
            .bind(host: "127.0.0.1", port: 0).get()
        port = try #require(server.localAddress?.port)
    }

    func close() { server.close(promise: nil) }
}
