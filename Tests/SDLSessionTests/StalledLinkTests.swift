import Foundation
import HeadUnit
import NIOCore
import NIOPosix
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// A head unit that stops reading while the Heartbeat is off (its default): the TCP transport sees the peer
/// acknowledge nothing while a write waits, and the session ends with a typed error instead of idling to the end.
@Suite("A stalled link with the Heartbeat off", .timeLimit(.minutes(3)))
struct StalledLinkTests {
    @Test("a head unit that stops reading, no Heartbeat: the blocked write ends the session with linkStalled")
    func stopsReadingWithoutHeartbeat() async throws {
        let server = try await TCPListener<SDLFrame, SDLFrame>.bind(host: "127.0.0.1", port: 0) { bootstrap in
            bootstrap.childChannelOption(.socketOption(.so_rcvbuf), value: 16_384)
        } pipeline: { channel in
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
            try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(SDLFrameEncoder()))
        }
        let port = try #require(server.port)
        let (closed, close) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        try await client.executeThenClose { inbound, outbound in
                            var frames = inbound.makeAsyncIterator()
                            try await HostileHeadUnitTests.acceptUpToVideo(&frames, outbound)
                            try await client.channel.setOption(ChannelOptions.autoRead, value: false).get()
                            for await _ in closed { break }
                        }
                        break
                    }
                }
            }
            var app = AppConfiguration.test(timeouts: .all(.seconds(10)))
            app.heartbeat = nil
            let transport = TCPTransport(
                host: "127.0.0.1", port: port, configuration: TCPTransport.Configuration(sendStallTimeout: .seconds(2)))
            let session = SDLSession(configuration: app, transport: transport)
            try await session.start()
            _ = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            let chunk = ByteBuffer(repeating: 0x42, count: 64 * 1024)
            // The deadline only catches the old hang: a session that keeps waiting on a write forever.
            let error = try await withThrowingTaskGroup(of: SDLSessionError?.self) { sends in
                sends.addTask {
                    await sessionError {
                        while true { try await session.sendData(chunk, on: .video) }
                    }
                }
                sends.addTask {
                    try await Task.sleep(for: .seconds(60))
                    Issue.record("the session still waits on its write after 60 s")
                    try? await session.stop()
                    return nil
                }
                let first = try await sends.next() ?? nil
                sends.cancelAll()
                return first
            }
            #expect(error?.kind == .linkStalled(.seconds(2)), "\(String(describing: error))")
            close.finish()
            try? await session.stop()
            try await group.waitForAll()
        }
    }
}
