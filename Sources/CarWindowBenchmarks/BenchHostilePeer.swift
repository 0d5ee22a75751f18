import HeadUnit
import Logging
import NIOCore
import NIOPosix
import SDLRPC
import SDLWire

/// A head unit that misbehaves on purpose, over real TCP on 127.0.0.1, for `carwindow bench hostile`: it accepts
/// one app and runs a script against it (answering the start-up first when asked to).
struct BenchHostilePeer {
    typealias Frames = NIOAsyncChannelInboundStream<SDLFrame>.AsyncIterator
    /// Bytes, not frames: a script may write a header that lies about its size.
    typealias Writer = NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Listens on a free port, hands it to `app`, and runs `script` for the first client until `app` returns.
    /// With `readInterval`, the peer reads one byte of the socket per interval (``BenchSlowReader``).
    static func run<Result: Sendable>(
        readInterval: TimeAmount? = nil,
        script: @escaping @Sendable (inout Frames, Writer) async throws -> Void,
        app: @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        // A TCPListener: an app that reconnects while the run ends must not leave a connection half set up.
        let server = try await TCPListener<SDLFrame, ByteBuffer>.bind(
            host: "127.0.0.1", port: 0, logger: Logger(label: "carwindow.bench.hostile.peer")
        ) { bootstrap in
            bootstrap.childChannelOption(.socketOption(.so_rcvbuf), value: 16_384)
        } pipeline: { channel in
            if let readInterval {
                try channel.pipeline.syncOperations.addHandler(BenchSlowReader(interval: readInterval))
            }
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SDLFrameDecoder()))
        }
        guard let port = server.port else { throw BenchHostileError("no local port") }
        let peer = Task {
            try await server.executeThenClose { clients in
                for try await client in clients {
                    try await client.executeThenClose { inbound, outbound in
                        var frames = inbound.makeAsyncIterator()
                        try await script(&frames, outbound)
                    }
                    break
                }
            }
        }
        defer { peer.cancel() }
        let result = try await app(port)
        server.close()
        return result
    }

    /// Answers the RPC StartService and the RegisterAppInterface as SDL Core does (the shapes, not every field).
    static func acceptStart(_ frames: inout Frames, _ outbound: Writer) async throws {
        guard try await frames.next() != nil else { throw BenchHostileError("the app left before StartService") }
        let ack = RPCStartServiceACK(protocolVersion: ProtocolVersion(5, 4, 0), hashID: 65537, mtu: 131_072)
        try await outbound.write(
            bytes(SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: 1, payload: ack.buffer)))
        guard let register = try await frames.next() else { throw BenchHostileError("no RegisterAppInterface") }
        let request = try RPCPayload(decoding: register.payload)
        try await outbound.write(
            bytes(
                rpc(
                    .response, request.functionID, correlationID: request.correlationID,
                    json: #"{"success":true,"resultCode":"SUCCESS","hmiCapabilities":{"videoStreaming":true}}"#)))
    }

    /// Answers the video StartService once it comes.
    static func acceptVideo(_ frames: inout Frames, _ outbound: Writer) async throws {
        while let frame = try await frames.next() {
            // Answered until the video starts: only the silence after it is the case under test.
            if frame.header.frameType == .control, frame.header.controlFrameInfo == .heartbeat {
                try await outbound.write(
                    bytes(SDLFrame.control(.heartbeatACK, service: .control, version: 5, sessionID: 1)))
                continue
            }
            guard frame.header.controlFrameInfo == .startService, frame.header.serviceType == .video else { continue }
            let ack = MediaStartServiceACK(
                mtu: 131_072, videoProtocol: "RAW", width: 800, videoCodec: "H264", height: 480)
            let frame = SDLFrame.control(
                .startServiceACK, service: .video, version: 5, sessionID: 1, payload: ack.buffer)
            try await outbound.write(bytes(frame))
            return
        }
    }

    /// A frame as it goes on the wire.
    static func bytes(_ frame: SDLFrame) -> ByteBuffer {
        var buffer = ByteBuffer()
        frame.write(to: &buffer)
        return buffer
    }

    /// One RPC message in a Single frame.
    static func rpc(_ type: RPCMessageType, _ function: FunctionID, correlationID: UInt32, json: String) -> SDLFrame {
        let payload = RPCPayload(type: type, functionID: function, correlationID: correlationID, json: Array(json.utf8))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 1, dataSize: 0, messageID: 1)
        return SDLFrame(header: header, payload: payload.buffer)
    }

    /// A notification, as SDL Core sends them.
    static func notification(_ function: FunctionID, json: String) -> SDLFrame {
        rpc(.notification, function, correlationID: RPCPayload.notificationCorrelationID, json: json)
    }
}

struct BenchHostileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
