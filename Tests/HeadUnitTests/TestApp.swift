import Foundation
import NIOCore
import NIOPosix
import SDLWire

/// A scripted raw SDL app for the tests: frames in, frames out, over real TCP.
actor TestApp {
    private final class Collector: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = SDLFrame
        let continuation: AsyncStream<SDLFrame>.Continuation
        init(_ continuation: AsyncStream<SDLFrame>.Continuation) { self.continuation = continuation }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { continuation.yield(unwrapInboundIn(data)) }
        func channelInactive(context: ChannelHandlerContext) { continuation.finish() }
        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            continuation.finish()
            context.close(promise: nil)
        }
    }

    let channel: any Channel
    private var iterator: AsyncStream<SDLFrame>.AsyncIterator
    private(set) var messageID: UInt32 = 0
    var sessionID: UInt8 = 0

    init(port: Int, maximumPayload: Int = 131_072) async throws {
        let (stream, continuation) = AsyncStream<SDLFrame>.makeStream()
        channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(SDLFrameDecoder(maximumPayloadSize: 1 << 20))
                    )
                    try channel.pipeline.syncOperations.addHandler(Collector(continuation))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        iterator = stream.makeAsyncIterator()
    }

    /// The next frame from the head unit, or `nil` once the connection closed.
    func next() async -> SDLFrame? {
        // One reader at a time (the test script), so taking the iterator out and back is safe.
        var local = iterator
        let frame = await local.next(isolation: self)
        iterator = local
        return frame
    }

    /// The next frame that is not video or audio data.
    func nextFrame() async -> SDLFrame? {
        while let frame = await next() {
            if frame.header.frameType == .control || frame.header.serviceType == .rpc { return frame }
        }
        return nil
    }

    /// Frames go out as bytes, so a test can also send bytes that are no frame at all.
    func send(_ frame: SDLFrame) async throws {
        try await sendBytes(frame.bytes)
    }

    func sendBytes(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    func close() async { try? await channel.close().get() }

    /// Stops reading from the socket, as an app that hangs would: the head unit's frames pile up in the kernel's
    /// buffers and then in the emulator's queue.
    func stopReading() async throws { try await channel.setOption(ChannelOptions.autoRead, value: false).get() }

    func nextMessageID() -> UInt32 {
        messageID += 1
        return messageID
    }

    // MARK: Script helpers

    func startRPC(version: String = "5.4.0") async throws -> RPCStartServiceACK {
        let start = SDLFrame.control(
            .startService, service: .rpc, version: 1, sessionID: 0,
            payload: RPCStartService(protocolVersion: try ProtocolVersion(version)).buffer)
        try await send(start)
        guard let ack = await nextFrame(), ack.header.controlFrameInfo == .startServiceACK else {
            throw TestFailure("no RPC StartServiceACK")
        }
        sessionID = ack.header.sessionID
        return try RPCStartServiceACK(payload: ack.payload)
    }

    func sendRPC(_ type: RPCMessageType = .request, function: UInt32, correlationID: UInt32, json: String) async throws
    {
        let payload = RPCPayload(
            type: type, functionID: FunctionID(rawValue: function), correlationID: correlationID,
            json: Array(json.utf8))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0,
            sessionID: sessionID, dataSize: 0, messageID: nextMessageID())
        try await send(SDLFrame(header: header, payload: payload.buffer))
    }

    func sendControl(_ info: ControlFrameInfo, _ service: ServiceType, payload: ByteBuffer = ByteBuffer()) async throws
    {
        try await send(
            .control(
                info, service: service, version: 5, sessionID: sessionID, messageID: nextMessageID(),
                payload: payload))
    }

    /// Sends a whole message, split into First/Consecutive frames when larger than `maximumPayload`.
    func sendMessage(_ service: ServiceType, _ bytes: [UInt8], maximumPayload: Int) async throws {
        let message = SDLMessage(
            version: 5, serviceType: service, sessionID: sessionID, messageID: nextMessageID(),
            payload: ByteBuffer(bytes: bytes))
        for frame in MessageFragmenter.frames(for: message, maximumPayload: maximumPayload) {
            try await send(frame)
        }
    }

    static let navigationRegistration = registration(types: ["NAVIGATION"])

    static func registration(types: [String], appID: String = "swiftsdl-nav") -> String {
        let list = types.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"syncMsgVersion":{"majorVersion":8,"minorVersion":0,"patchVersion":0},"appName":"Test Nav","#
            + #""isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","#
            + #""appHMIType":[\#(list)],"appID":"\#(appID)","fullAppID":"\#(appID)"}"#
    }

    /// RegisterAppInterface, then reads frames until OnHMIStatus FULL. Returns the RPC frames received on the way.
    func registerUntilFull(json: String = TestApp.navigationRegistration) async throws -> [RPCPayload] {
        try await sendRPC(function: 1, correlationID: 1, json: json)
        var received: [RPCPayload] = []
        while let frame = await nextFrame() {
            guard frame.header.serviceType == .rpc, frame.header.frameType == .single else { continue }
            let rpc = try RPCPayload(decoding: frame.payload)
            received.append(rpc)
            if rpc.functionID.rawValue == 32768, String(decoding: rpc.json, as: UTF8.self).contains("\"FULL\"") {
                return received
            }
        }
        throw TestFailure("connection closed before FULL")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
