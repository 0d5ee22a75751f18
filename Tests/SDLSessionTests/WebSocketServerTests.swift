import CarWindowTestingTools
import HeadUnit
import NIOCore
import NIOPosix
import SDLSession
import SDLWire
import Synchronization
import Testing

/// The emulator's WebSocket server (`--websocket-port`) against clients that vanish before, while or right after
/// upgrading, send an oversized or a text message, or close in the middle of an SDL frame, and against a stop while
/// apps upgrade. Each ends in a typed error or a quiet close, the emulator never stops (NIO traps on an async channel
/// dropped unfinished), and the next app is served. The suite's time limit only catches a hang.
@Suite("Emulator WebSocket server, hostile clients", .timeLimit(.minutes(5)))
struct WebSocketServerTests {
    /// How a vanishing client leaves.
    enum Vanish: CaseIterable, Sendable {
        /// Connects and closes.
        case atConnect
        /// Sends half the upgrade request and closes.
        case midRequest
        /// Sends the whole upgrade request and closes without reading the answer.
        case afterRequest
        /// Sends the upgrade request and the first bytes of a WebSocket frame in one write, and closes.
        case afterRequestWithPartialFrame
        /// Reads the 101 answer and closes.
        case afterUpgrade
    }

    @Test("apps that vanish before, while or right after upgrading leave no error and the next app is served")
    func vanishingClients() async throws {
        try await Self.withHeadUnit { headUnit, port in
            let events = await headUnit.events()
            for _ in 1...5 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for vanish in Vanish.allCases {
                        for _ in 1...4 { group.addTask { try await Self.vanish(vanish, port: port) } }
                    }
                    try await group.waitForAll()
                }
            }
            try await Self.nextAppRegisters(port: port)
            await headUnit.stop()
            var errors: [HeadUnitError] = []
            for await event in events { if case .error(let error) = event { errors.append(error) } }
            #expect(errors.isEmpty)
        }
    }

    @Test(
        "an oversized WebSocket message is HeadUnitError .webSocket(.messageTooLarge), closed with 1009",
        arguments: [false, true])
    func oversizedMessage(inFragments: Bool) async throws {
        try await Self.withHeadUnit { headUnit, port in
            let events = await headUnit.events()
            let answer = try await Self.withUpgradedClient(port: port) { outbound in
                if inFragments {
                    // Two fragments that each fit, adding up to more than the limit (1 MiB).
                    let fragment = [UInt8](repeating: 0x51, count: 600 * 1024)
                    try? await outbound.write(Self.clientBuffer(opcode: 0x2, fin: false, payload: fragment))
                    try? await outbound.write(Self.clientBuffer(opcode: 0x0, fin: false, payload: fragment))
                } else {
                    // Only the header, claiming 2 MiB: refused before a byte of it is buffered.
                    try await outbound.write(Self.clientBuffer(opcode: 0x2, fin: true, payload: [], claimed: 2 << 20))
                }
            }
            try await firstElement(of: events, "the oversized message reported", within: .seconds(30)) { event in
                guard case .error(let error) = event, case .webSocket(.messageTooLarge) = error.kind else {
                    return false
                }
                return true
            }
            if !inFragments {
                // Close frame, 2 bytes of payload, 1009. (With fragments the emulator closes with bytes unread, and
                // the kernel's reset may overtake the close frame.)
                #expect(answer.prefix(4) == [0x88, 0x02, 0x03, 0xF1])
            }
            try await Self.nextAppRegisters(port: port)
        }
    }

    @Test("a text message is HeadUnitError .webSocket(.textMessage), closed with 1003")
    func textMessage() async throws {
        try await Self.withHeadUnit { headUnit, port in
            let events = await headUnit.events()
            let answer = try await Self.withUpgradedClient(port: port) { outbound in
                try await outbound.write(Self.clientBuffer(opcode: 0x1, fin: true, payload: Array("hello".utf8)))
            }
            try await firstElement(of: events, "the text message reported", within: .seconds(30)) { event in
                guard case .error(let error) = event else { return false }
                return error.kind == .webSocket(.textMessage)
            }
            #expect(answer.prefix(4) == [0x88, 0x02, 0x03, 0xEB])
            try await Self.nextAppRegisters(port: port)
        }
    }

    @Test("an app that closes in the middle of an SDL frame is a truncated frame, as on TCP")
    func closedMidFrame() async throws {
        try await Self.withHeadUnit { headUnit, port in
            let events = await headUnit.events()
            let frame = SDLFrame.control(.heartbeat, service: .control, version: 5, sessionID: 0)
            _ = try await Self.withUpgradedClient(port: port, readingAnswer: false) { outbound in
                try await outbound.write(
                    Self.clientBuffer(opcode: 0x2, fin: true, payload: Array(frame.bytes.prefix(7))))
            }
            try await firstElement(of: events, "the truncated frame reported", within: .seconds(30)) { event in
                guard case .error(let error) = event, case .malformedFrame(let why) = error.kind else { return false }
                return why.contains("stream ended inside a frame")
            }
            try await Self.nextAppRegisters(port: port)
        }
    }

    /// Connections opened per round: more than the listener accepts in one read, so when the first is served the
    /// others are spread over every step from accept to upgrade to being taken.
    static let clients = 32

    @Test("stopping the head unit while apps upgrade closes every connection, upgraded, upgrading or just accepted")
    func stopWhileAppsUpgrade() async throws {
        for round in 1...10 {
            var configuration = HeadUnitConfiguration(port: 0)
            configuration.webSocketPort = 0
            let headUnit = HeadUnitEmulator(configuration: configuration)
            _ = try await headUnit.start()
            let port = try #require(await headUnit.webSocketPort)
            let events = await headUnit.events()
            let (closed, closures) = AsyncStream<Int>.makeStream()
            let count = ClosedCount()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<Self.clients {
                    group.addTask {
                        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                            .connect(host: "127.0.0.1", port: port).get()
                        client.closeFuture.whenComplete { _ in closures.yield(count.increment()) }
                        try await client.writeAndFlush(ByteBuffer(string: Self.upgradeRequest)).get()
                    }
                }
                try await group.waitForAll()
            }
            try await firstElement(of: events, "round \(round): the first app connecting", within: .seconds(30)) {
                if case .connected = $0 { true } else { false }
            }
            await headUnit.stop()
            try await firstElement(
                of: closed, "round \(round): every app's connection closed by stop()", within: .seconds(30)
            ) { $0 == Self.clients }
        }
    }

    // MARK: Clients

    static let upgradeRequest =
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    /// An emulator with a WebSocket server on a free port, stopped after `body`.
    static func withHeadUnit(_ body: (HeadUnitEmulator, Int) async throws -> Void) async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.webSocketPort = 0
        let headUnit = HeadUnitEmulator(configuration: configuration)
        _ = try await headUnit.start()
        do {
            try await body(headUnit, try #require(await headUnit.webSocketPort))
        } catch {
            await headUnit.stop()
            throw error
        }
        await headUnit.stop()
    }

    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    static func vanish(_ how: Vanish, port: Int) async throws {
        let client = try await connect(port: port)
        try await client.executeThenClose { inbound, outbound in
            let request = Array(upgradeRequest.utf8)
            switch how {
            case .atConnect:
                break
            case .midRequest:
                try await outbound.write(ByteBuffer(bytes: request.prefix(request.count / 2)))
            case .afterRequest:
                try await outbound.write(ByteBuffer(bytes: request))
            case .afterRequestWithPartialFrame:
                try await outbound.write(
                    ByteBuffer(bytes: request + clientFrame(opcode: 0x2, fin: true, payload: [1, 2]).prefix(4)))
            case .afterUpgrade:
                try await outbound.write(ByteBuffer(bytes: request))
                var received: [UInt8] = []
                for try await buffer in inbound {
                    received += buffer.readableBytesView
                    if headerEnd(received) != nil { break }
                }
                #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101"))
            }
        }
    }

    /// Upgrades a raw connection, runs `script` on it, then half-closes and returns every byte the emulator sent
    /// after its 101 answer until it closed (none when `readingAnswer` is false: the client closes at once).
    static func withUpgradedClient(
        port: Int, readingAnswer: Bool = true,
        _ script: (NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void
    ) async throws -> [UInt8] {
        let client = try await connect(port: port)
        return try await client.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: upgradeRequest))
            var received: [UInt8] = []
            var iterator = inbound.makeAsyncIterator()
            while headerEnd(received) == nil {
                guard let buffer = try await iterator.next() else { break }
                received += buffer.readableBytesView
            }
            try #require(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101"))
            let bodyStart = try #require(headerEnd(received))
            var answer = Array(received[bodyStart...])
            try await script(outbound)
            guard readingAnswer else { return answer }
            do {
                while let buffer = try await iterator.next() { answer += buffer.readableBytesView }
            } catch {
                // A reset after the close frame: what arrived before it is the answer.
            }
            return answer
        }
    }

    /// Where the body starts after an HTTP head in `bytes`, once the head is complete.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard bytes.count >= end.count else { return nil }
        return (0...(bytes.count - end.count)).first { bytes[$0..<$0 + end.count].elementsEqual(end) }.map {
            $0 + end.count
        }
    }

    static func clientBuffer(opcode: UInt8, fin: Bool, payload: [UInt8], claimed: Int? = nil) -> ByteBuffer {
        ByteBuffer(bytes: clientFrame(opcode: opcode, fin: fin, payload: payload, claimed: claimed))
    }

    /// A client's WebSocket frame (masked, RFC 6455 §5.2), with the length field saying `claimed` when given.
    static func clientFrame(opcode: UInt8, fin: Bool, payload: [UInt8], claimed: Int? = nil) -> [UInt8] {
        let length = claimed ?? payload.count
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if length < 126 {
            bytes.append(0x80 | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            bytes += (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return bytes
    }

    /// An app over ws:// starts and registers: the emulator still serves.
    static func nextAppRegisters(port: Int) async throws {
        let transport = WebSocketTransport(url: WebSocketURL(host: "127.0.0.1", port: port))
        let session = SDLSession(configuration: .test(), transport: transport)
        do {
            try await session.start()
            #expect(await session.parameters?.protocolVersion == ProtocolVersion(5, 4, 1))
        } catch {
            try? await session.stop()
            throw error
        }
        try await session.stop()
    }
}

/// How many of a round's clients saw their connection close.
private final class ClosedCount: Sendable {
    // An atomic, not a Mutex: the closures run on several event loops at once (docs/lab/thread-sanitizer.md).
    private let value = Atomic(0)

    func increment() -> Int {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
