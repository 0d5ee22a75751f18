import CarWindowTestingTools
import Foundation
import HeadUnit
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// The WebSocket client transport against the emulator's WebSocket server and against scripted WebSocket peers that
/// refuse the upgrade, close mid-frame, send too much or send text. Each ends in a typed error or works; the suite's
/// time limit only catches a hang.
@Suite("WebSocket transport", .timeLimit(.minutes(2)))
struct WebSocketTransportTests {
    @Test("start, register, FULL and a video StartService over ws:// to the emulator's WebSocket server")
    func sessionToEmulator() async throws {
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
        configuration.webSocketPort = 0
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        let port = try #require(await headUnit.webSocketPort)
        let transport = WebSocketTransport(url: try WebSocketURL(parsing: "ws://127.0.0.1:\(port)"))
        let session = SDLSession(configuration: .test(), transport: transport)
        do {
            let statuses = await session.hmiStatusUpdates()
            try await session.start()
            #expect(await session.parameters?.protocolVersion == ProtocolVersion(5, 4, 1))
            for await status in statuses where status.hmiLevel == .full { break }
            let video = try await session.startVideoService(
                VideoStartService(height: 480, width: 800, videoProtocol: "RAW", videoCodec: "H264"))
            #expect(video.ack.width == 800)
            #expect(await headUnit.apps().count == 1)
            try await session.stop()
            #expect(await session.state == .closed(error: nil))
        } catch {
            try? await session.stop()
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    @Test("a server that answers the upgrade with 403 is .webSocket(.upgradeRefused(status: 403))")
    func upgradeRefused() async throws {
        try await Self.withPeer(.refuse) { port in
            let transport = WebSocketTransport(url: WebSocketURL(host: "127.0.0.1", port: port))
            await #expect {
                try await transport.withConnection { _ in }
            } throws: { error in
                guard let error = error as? SDLSessionError,
                    case .webSocket(.upgradeRefused(let status, _)) = error.kind
                else { return false }
                return status == 403
            }
        }
    }

    @Test("a server that takes the connection and never answers the upgrade is a connect timeout, not a hang")
    func upgradeNeverAnswered() async throws {
        try await Self.withPeer(.silent) { port in
            let tcp = TCPTransport.Configuration(connectTimeout: .milliseconds(500))
            let transport = WebSocketTransport(
                url: WebSocketURL(host: "127.0.0.1", port: port), configuration: .init(tcp: tcp))
            await #expect {
                try await transport.withConnection { _ in }
            } throws: { error in
                guard let error = error as? SDLSessionError, case .connectTimeout = error.kind else { return false }
                return true
            }
        }
    }

    @Test("a peer that closes after part of an SDL frame is .wire(.truncatedFrame), as on TCP")
    func closedMidFrame() async throws {
        let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1)
        let partial = Array(frame.bytes.prefix(7))
        try await Self.withPeer(.send([.binary(partial)], thenClose: true)) { port in
            let error = try await Self.inboundError(port: port)
            guard case .wire(let wire) = error.kind, case .truncatedFrame = wire.kind else {
                Issue.record("expected a truncated frame, got \(error)")
                return
            }
        }
    }

    @Test("one whole SDL frame split over two binary messages arrives as one frame")
    func frameSplitOverMessages() async throws {
        let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 1)
        let bytes = frame.bytes
        try await Self.withPeer(.send([.binary(Array(bytes.prefix(5))), .binary(Array(bytes.dropFirst(5)))])) { port in
            let transport = WebSocketTransport(url: WebSocketURL(host: "127.0.0.1", port: port))
            try await transport.withConnection { connection in
                var frames = connection.inbound.makeAsyncIterator()
                let received = try #require(try await frames.next())
                #expect(received.header.controlFrameInfo == .heartbeat)
            }
        }
    }

    @Test("a message over the limit is .webSocket(.messageTooLarge), whole or in fragments")
    func oversizedMessage() async throws {
        let limit = 1024
        let whole: [PeerMessage] = [.binary(Array(repeating: 0x51, count: 4 * limit))]
        let fragments: [PeerMessage] = [
            .fragment(Array(repeating: 0x51, count: limit - 100)),
            .continuation(Array(repeating: 0x51, count: limit - 100)),
        ]
        for messages in [whole, fragments] {
            try await Self.withPeer(.send(messages)) { port in
                let error = try await Self.inboundError(port: port, maximumMessageBytes: limit)
                #expect(error == SDLSessionError(.webSocket(.messageTooLarge(limit: limit))))
            }
        }
    }

    @Test("a text message is .webSocket(.textMessage): SDL frames travel only as binary")
    func textMessage() async throws {
        try await Self.withPeer(.send([.text("hello")])) { port in
            let error = try await Self.inboundError(port: port)
            #expect(error == SDLSessionError(.webSocket(.textMessage)))
        }
    }

    @Test("the emulator's WebSocket server answers a plain HTTP request (no upgrade) with 426 and closes")
    func emulatorRefusesPlainHTTP() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.webSocketPort = 0
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        let port = try #require(await headUnit.webSocketPort)
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                            wrappingChannelSynchronously: channel)
                    }
                }
            let status = try await channel.executeThenClose { inbound, outbound in
                let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: ["Host": "x"])
                try await outbound.write(.head(head))
                try await outbound.write(.end(nil))
                for try await part in inbound { if case .head(let response) = part { return response.status } }
                return HTTPResponseStatus.ok
            }
            #expect(status == .upgradeRequired)
            #expect(await headUnit.apps().isEmpty)
        } catch {
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    @Test("over wss:// with the app's certificate a session registers with the emulator's TLS server")
    func sessionOverTLS() async throws {
        try await Self.withTLSHeadUnit { headUnit, port, files in
            let tls = WebSocketTLSFiles(
                trustRoots: files.ca.path, certificate: files.app.path, privateKey: files.appKey.path)
            let transport = WebSocketTransport(
                url: WebSocketURL(scheme: .wss, host: "127.0.0.1", port: port), configuration: .init(tls: tls))
            let session = SDLSession(configuration: .test(), transport: transport)
            do {
                try await session.start()
                #expect(await headUnit.apps().map(\.transport) == [.wss])
            } catch {
                try? await session.stop()
                throw error
            }
            try await session.stop()
        }
    }

    @Test(
        "a head-unit certificate the app does not trust, or no app certificate where one is required, is .tls",
        arguments: [true, false])
    func refusedCertificate(untrustedHeadUnit: Bool) async throws {
        try await Self.withTLSHeadUnit { _, port, files in
            let tls =
                untrustedHeadUnit
                ? WebSocketTLSFiles(
                    trustRoots: files.otherCA.path, certificate: files.app.path, privateKey: files.appKey.path)
                : WebSocketTLSFiles(trustRoots: files.ca.path)
            let transport = WebSocketTransport(
                url: WebSocketURL(scheme: .wss, host: "127.0.0.1", port: port), configuration: .init(tls: tls))
            await #expect {
                try await transport.withConnection { connection in
                    // TLS 1.3 refuses a missing client certificate after the client's handshake: on the first read.
                    for try await _ in connection.inbound {}
                }
            } throws: { error in
                guard let error = error as? SDLSessionError, case .webSocket(.tls) = error.kind else { return false }
                return true
            }
        }
    }

    /// An emulator serving wss:// with a certificate from a fresh CA and requiring the app's, with the files.
    static func withTLSHeadUnit(
        _ body: (HeadUnitEmulator, Int, WebSocketTLSMaterial) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cw-wss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await WebSocketTLSMaterial.make(in: directory)
        var configuration = HeadUnitConfiguration(port: 0, activationDelay: .milliseconds(50))
        configuration.webSocketPort = 0
        configuration.webSocketTLS = WebSocketTLSFiles(
            trustRoots: files.ca.path, certificate: files.headUnit.path, privateKey: files.headUnitKey.path)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        do {
            try await body(headUnit, try #require(await headUnit.webSocketPort), files)
        } catch {
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    @Test(
        "ws:// URLs parse, bad ones say what to write",
        arguments: [
            ("ws://127.0.0.1:2020", "ws://127.0.0.1:2020"),
            ("WS://core.local:2020/sdl?x=1", "ws://core.local:2020/sdl?x=1"),
            ("ws://[::1]:2020", "ws://[::1]:2020"), ("ws://host", "ws://host:80"), ("wss://host", "wss://host:443"),
        ])
    func parsesURLs(text: String, written: String) throws {
        #expect(try WebSocketURL(parsing: text).description == written)
    }

    @Test(
        "malformed ws:// URLs are WebSocketFailure.badURL",
        arguments: [
            "127.0.0.1:2020", "http://h:1", "ws://:2020", "ws://h:0", "ws://h:99999", "ws://a:b:c", "ws://u@h:1",
            "ws://h:1/#frag", "ws://[::1:2020",
        ])
    func badURLs(text: String) {
        #expect {
            try WebSocketURL(parsing: text)
        } throws: { error in
            guard let failure = error as? WebSocketFailure, case .badURL = failure else { return false }
            return true
        }
    }

    // MARK: Scripted peers

    enum PeerMessage: Sendable {
        case binary([UInt8])
        case text(String)
        /// The first, non-final fragment of a binary message.
        case fragment([UInt8])
        /// A non-final continuation fragment.
        case continuation([UInt8])
    }

    enum PeerScript: Sendable {
        /// Answers the upgrade with 403 Forbidden.
        case refuse
        /// Accepts TCP and never reads or answers.
        case silent
        /// Upgrades, sends these messages (then a WebSocket close when asked) and waits for the app to close.
        case send([PeerMessage], thenClose: Bool = false)
    }

    private enum PeerUpgrade: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused(any Channel)
    }

    /// Runs `body` with the port of a WebSocket peer that plays `script` for its first connection.
    static func withPeer(_ script: PeerScript, _ body: @Sendable (Int) async throws -> Void) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: { if case .silent = script { false } else { true } }())
            .bind(host: "127.0.0.1", port: 0) { channel -> EventLoopFuture<EventLoopFuture<PeerUpgrade>> in
                channel.eventLoop.makeCompletedFuture {
                    if case .silent = script { return channel.eventLoop.makeSucceededFuture(.refused(channel)) }
                    let refuse = { if case .refuse = script { true } else { false } }()
                    let upgrader = NIOTypedWebSocketServerUpgrader<PeerUpgrade>(
                        maxFrameSize: 1 << 20,
                        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(refuse ? nil : [:]) },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                .upgraded(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                            }
                        })
                    let configuration = NIOTypedHTTPServerUpgradeConfiguration<PeerUpgrade>(upgraders: [upgrader]) {
                        channel in
                        channel.eventLoop.makeCompletedFuture {
                            let head = HTTPResponseHead(
                                version: .http1_1, status: .forbidden, headers: ["Content-Length": "0"])
                            channel.write(HTTPServerResponsePart.head(head), promise: nil)
                            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
                            return .refused(channel)
                        }
                    }
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                        configuration: NIOUpgradableHTTPServerPipelineConfiguration(
                            upgradeConfiguration: configuration))
                }
            }
        let port = try #require(server.channel.localAddress?.port)
        let accepted = AcceptedChannels()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { connections in
                    for try await upgrade in connections {
                        let channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
                        switch try await upgrade.get() {
                        case .upgraded(let upgraded): channel = upgraded
                        case .refused(let refused):
                            // Refused or silent: held open until the test ends.
                            await accepted.hold(refused)
                            continue
                        }
                        try await channel.executeThenClose { inbound, outbound in
                            guard case .send(let messages, let thenClose) = script else { return }
                            for message in messages { try await outbound.write(message.frame) }
                            if thenClose {
                                var code = ByteBuffer()
                                code.write(webSocketErrorCode: .normalClosure)
                                try await outbound.write(
                                    WebSocketFrame(fin: true, opcode: .connectionClose, data: code))
                            }
                            // Until the app closes: closing here could drop writes NIO has not flushed yet.
                            for try await _ in inbound {}
                        }
                        break
                    }
                }
            }
            try await body(port)
            server.channel.close(promise: nil)
            await accepted.closeAll()
            group.cancelAll()
            try? await group.waitForAll()
        }
    }

    /// Opens a WebSocket connection to `port` and reads until the inbound sequence throws; that error.
    static func inboundError(port: Int, maximumMessageBytes: Int = 1 << 20) async throws -> SDLSessionError {
        let transport = WebSocketTransport(
            url: WebSocketURL(host: "127.0.0.1", port: port),
            configuration: .init(maximumMessageBytes: maximumMessageBytes))
        return try await transport.withConnection { connection in
            do {
                for try await frame in connection.inbound { Issue.record("unexpected frame \(frame.header)") }
            } catch let error as SDLSessionError {
                return error
            }
            throw SDLSessionError(.invalidState("the inbound sequence ended without an error"))
        }
    }
}

extension WebSocketTransportTests.PeerMessage {
    var frame: WebSocketFrame {
        switch self {
        case .binary(let bytes): WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: bytes))
        case .text(let text): WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
        case .fragment(let bytes): WebSocketFrame(fin: false, opcode: .binary, data: ByteBuffer(bytes: bytes))
        case .continuation(let bytes): WebSocketFrame(fin: false, opcode: .continuation, data: ByteBuffer(bytes: bytes))
        }
    }
}

/// Connections a scripted peer keeps open without serving them, closed when the test ends.
private actor AcceptedChannels {
    private var held: [any Channel] = []

    func hold(_ channel: any Channel) {
        held.append(channel)
    }

    func closeAll() {
        for channel in held { channel.close(promise: nil) }
        held = []
    }
}
