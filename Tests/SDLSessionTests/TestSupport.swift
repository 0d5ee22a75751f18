import Foundation
import Logging
import NIOCore
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// One line of a recorded trace (`Tests/HeadUnitTests/Fixtures/traces`, see its README): only what replay needs.
struct TraceLine: Decodable {
    struct Header: Decodable {
        var version: Int
        var frameType: Int
        var serviceType: Int
        var frameInfo: Int
        var sessionId: Int
    }

    var dir: String
    var header: Header
    var hex: String
    var summary: String

    var fromCore: Bool { dir == "core->app" }
    /// Video and audio data frames: their `hex` holds only the first 64 bytes.
    var isMediaData: Bool { (header.serviceType == 10 || header.serviceType == 11) && header.frameType != 0 }
    var bytes: [UInt8] { hexBytes(hex) }
}

enum Trace {
    /// The repository's recorded SDL Core 8.2 sessions, found from this file's path.
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Tests/SDLSessionTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("HeadUnitTests/Fixtures/traces")
    }

    /// The lines of a trace, numbered from 1 as in an editor.
    static func load(_ name: String) throws -> [Int: TraceLine] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var lines: [Int: TraceLine] = [:]
        let decoder = JSONDecoder()
        for (index, line) in text.split(separator: "\n").enumerated() {
            lines[index + 1] = try decoder.decode(TraceLine.self, from: Data(line.utf8))
        }
        return lines
    }
}

func hexBytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.utf8.count / 2)
    var index = hex.startIndex
    while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
        if let byte = UInt8(hex[index..<next], radix: 16) { bytes.append(byte) }
        index = next
    }
    return bytes
}

extension AppConfiguration {
    /// The app of the traces. Its timeouts only catch a peer that never answers; 30 s, so that a machine whose cores
    /// are busy with a parallel build does not look like one. A test of a timeout passes its own short ones.
    static func test(timeouts: Timeouts = .all(.seconds(30))) -> AppConfiguration {
        var logger = Logger(label: "test.session")
        logger.logLevel = .critical
        return AppConfiguration(
            appName: "SwiftSDL Nav Probe", appID: "swiftsdl-nav", timeouts: timeouts, logger: logger
        )
    }
}

/// Plays the head unit on the far end of an in-memory link.
final class HeadUnitLink {
    let connection: InMemoryConnection
    private var iterator: InMemoryInboundFrames.AsyncIterator
    var assembler = MessageAssembler()
    var sessionID: UInt8 = 1
    var messageID: UInt32 = 0

    init(_ connection: InMemoryConnection) {
        self.connection = connection
        self.iterator = connection.inbound.makeAsyncIterator()
    }

    struct Closed: Error {}

    /// The next frame from the app, as it came.
    func receiveFrame() async throws -> SDLFrame {
        guard let frame = try await iterator.next() else { throw Closed() }
        return frame
    }

    /// The next whole message from the app (multi-frame messages reassembled).
    func receive() async throws -> SDLMessage {
        while true {
            guard let frame = try await iterator.next() else { throw Closed() }
            if let message = try assembler.append(frame) { return message }
        }
    }

    /// The next message, which must be the control frame `info` on `service`.
    @discardableResult
    func expectControl(
        _ info: ControlFrameInfo,
        service: ServiceType,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SDLMessage {
        let message = try await receive()
        #expect(message.controlFrameInfo == info, "got \(message)", sourceLocation: sourceLocation)
        #expect(message.serviceType == service, "got \(message)", sourceLocation: sourceLocation)
        return message
    }

    /// The next message, which must be an RPC of `function`.
    func expectRPC(_ function: FunctionID, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RPCPayload
    {
        let message = try await receive()
        #expect(message.serviceType == .rpc, "got \(message)", sourceLocation: sourceLocation)
        let payload = try RPCPayload(decoding: message.payload)
        #expect(payload.functionID == function, "got \(payload.functionID)", sourceLocation: sourceLocation)
        return payload
    }

    func send(_ bytes: [UInt8]) throws { try connection.sendBytes(bytes) }

    func send(_ frame: SDLFrame) throws { try connection.sendBytes(ByteBuffer(bytes: frame.bytes)) }

    func sendControl(_ info: ControlFrameInfo, service: ServiceType, payload: ByteBuffer = ByteBuffer()) throws {
        messageID += 1
        try send(
            SDLFrame.control(
                info, service: service, version: 5, sessionID: sessionID, messageID: messageID, payload: payload))
    }

    /// Sends an RPC message (one Single frame, as SDL Core does).
    func sendRPC(_ type: RPCMessageType, _ function: FunctionID, correlationID: UInt32, json: String) throws {
        messageID += 1
        let payload = RPCPayload(type: type, functionID: function, correlationID: correlationID, json: Array(json.utf8))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: sessionID, dataSize: 0,
            messageID: messageID
        )
        try send(SDLFrame(header: header, payload: payload.buffer))
    }

    func notify(_ function: FunctionID, json: String) throws {
        try sendRPC(.notification, function, correlationID: RPCPayload.notificationCorrelationID, json: json)
    }

    /// Answers the RPC StartService like SDL Core 8.2 (its ACK's shape, with our values).
    func acceptSession(hashID: Int32 = 65537, mtu: Int64 = 131_072, version: String = "5.4.0") async throws {
        let start = try await expectControl(.startService, service: .rpc)
        #expect(start.version == 1)
        let ack = RPCStartServiceACK(protocolVersion: try ProtocolVersion(version), hashID: hashID, mtu: mtu)
        try send(
            SDLFrame.control(.startServiceACK, service: .rpc, version: 5, sessionID: sessionID, payload: ack.buffer))
    }

    /// Answers RegisterAppInterface with SUCCESS and a minimal display.
    func acceptRegistration() async throws {
        let request = try await expectRPC(.registerAppInterface)
        try sendRPC(
            .response, .registerAppInterface, correlationID: request.correlationID,
            json: #"{"success":true,"resultCode":"SUCCESS","hmiCapabilities":{"videoStreaming":true}}"#
        )
    }

    func hmiStatus(_ level: String, windowID: Int = 0) throws {
        let streaming = level == "FULL" || level == "LIMITED"
        try notify(
            .onHMIStatus,
            json:
                #"{"hmiLevel":"\#(level)","audioStreamingState":"\#(streaming ? "AUDIBLE" : "NOT_AUDIBLE")","systemContext":"MAIN","videoStreamingState":"\#(streaming ? "STREAMABLE" : "NOT_STREAMABLE")","windowID":\#(windowID)}"#
        )
    }

    /// Answers UnregisterAppInterface and the RPC EndService, as at the end of every trace.
    func acceptShutdown() async throws {
        let unregister = try await expectRPC(.unregisterAppInterface)
        try sendRPC(
            .response, .unregisterAppInterface, correlationID: unregister.correlationID,
            json: #"{"success":true,"resultCode":"SUCCESS"}"#)
        let end = try await expectControl(.endService, service: .rpc)
        #expect(try EndService(payload: end.payload).hashID == 65537)
        try sendControl(.endServiceACK, service: .rpc)
    }

    /// Reads until the app closes the link.
    func drain() async {
        while (try? await receive()) != nil {}
    }
}

/// Runs `app` against a head unit played by `headUnit` over an in-memory link; both must finish. The session's
/// timeouts run on `clock` (a `ManualClock` makes them happen only when the test moves time).
func withSession<SessionClock: Clock<Duration>>(
    _ configuration: AppConfiguration = .test(),
    clock: SessionClock = ContinuousClock(),
    headUnit: @escaping @Sendable (HeadUnitLink) async throws -> Void,
    app: (SDLSession) async throws -> Void
) async throws {
    let (appSide, headUnitSide) = InMemoryTransport.makePair()
    let session = SDLSession(configuration: configuration, transport: appSide, clock: clock)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            try await headUnitSide.withConnection { connection in
                try await headUnit(HeadUnitLink(connection))
            }
        }
        do {
            try await app(session)
        } catch {
            try? await session.stop()
            throw error
        }
        try await group.waitForAll()
    }
}

/// The error `body` throws, as an SDLSessionError (a test failure if it throws something else or nothing).
func sessionError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> SDLSessionError? {
    do {
        try await body()
        Issue.record("expected an SDLSessionError", sourceLocation: sourceLocation)
        return nil
    } catch let error as SDLSessionError {
        return error
    } catch {
        Issue.record("expected an SDLSessionError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
