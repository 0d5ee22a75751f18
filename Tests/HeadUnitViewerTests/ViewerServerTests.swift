import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Testing

@testable import HeadUnitViewer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ViewerServer with a fake backend")
struct ViewerServerTests {
    static let logger = Logger(label: "viewer-test-client")

    @Test("serves the page and its scripts", arguments: ["/", "/viewer.css", "/decoder.js", "/input.js", "/viewer.js"])
    func servesPage(path: String) async throws {
        let backend = FakeBackend()
        let body = try await withViewer(backend: backend) { port in
            let (data, response) = try await URLSession.shared.data(
                from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            return String(decoding: data, as: UTF8.self)
        }
        #expect(body == ViewerPage.files[path]?.body)
    }

    @Test("a browser gets hello, state, then each access unit with the right header and bytes")
    func deliversAccessUnits() async throws {
        let backend = FakeBackend()
        let units = [
            AnnexBTests.stream.prefix(23).map { $0 },  // SPS, PPS, IDR
            [0x00, 0x00, 0x00, 0x01, 0x41, 0x9A, 0x02],  // P slice
        ]
        let arrival = WallClockTime(millisecondsSince1970: 1_700_000_000_000.5)
        for (index, bytes) in units.enumerated() {
            backend.videoContinuation.yield(
                ViewerAccessUnit(
                    bytes: bytes, presentationTime: .milliseconds(33 * index), arrivalTime: arrival, width: 800,
                    height: 480))
        }
        let received = try await withViewer(backend: backend) { port in
            try await receive(port: port, hello: #"{"type":"hello","decode":"h264"}"#, binaryCount: 2)
        }
        #expect(received.texts.count >= 2)
        #expect(received.texts.first?.contains(#""type":"hello""#) == true)
        #expect(received.texts.dropFirst().first?.contains(#""type":"state""#) == true)
        #expect(received.binaries.count == 2)
        for (index, message) in received.binaries.enumerated() {
            let header = try #require(VideoFrameHeader(decoding: message))
            #expect(header.kind == .h264)
            #expect(header.isKeyframe == (index == 0))
            #expect(header.width == 800 && header.height == 480)
            #expect(header.sequence == UInt32(index))
            #expect(header.droppedFrames == 0)
            #expect(header.presentationTime == Double(33 * index))
            #expect(header.arrivalTime == arrival.millisecondsSince1970)
            #expect(header.sendTime >= arrival.millisecondsSince1970)
            #expect(Array(message.dropFirst(VideoFrameHeader.size)) == units[index])
        }
    }

    @Test("commands from the page reach the backend as typed calls, bad ones come back as errors")
    func commands() async throws {
        let backend = FakeBackend()
        let messages = ClientMessageTests.valid.filter { if case .command = $0.1 { true } else { false } }
        let errorText = try await withViewer(backend: backend) { port in
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", logger: Self.logger) {
                inbound, outbound, _ in
                for (json, _) in messages { try await outbound.write(.text(json)) }
                try await outbound.write(.text(#"{"type":"rejectFormat","codec":"VP8","protocol":"RAW"}"#))
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message, text.contains(#""type":"error""#) {
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                }
            }
            var iterator = backend.commands.makeAsyncIterator()
            var received: [ViewerCommand] = []
            for _ in 0..<(messages.count + 1) {
                if let command = await iterator.next() { received.append(command) }
            }
            return received
        }
        var expected = messages.compactMap { if case .command(let command) = $0.1 { command } else { nil } }
        expected.append(.rejectFormat(ViewerVideoFormat(codec: "VP8", protocol: "RAW")))
        #expect(errorText == expected)
    }

    /// Connects, sends `hello`, and collects text messages until `binaryCount` binary messages arrived.
    func receive(port: Int, hello: String, binaryCount: Int) async throws -> (texts: [String], binaries: [[UInt8]]) {
        let collected = Collected()
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", logger: Self.logger) {
            inbound, outbound, _ in
            try await outbound.write(.text(hello))
            for try await message in inbound.messages(maxSize: 1 << 24) {
                switch message {
                case .text(let text): await collected.add(text: text)
                case .binary(let buffer): await collected.add(binary: Array(buffer.readableBytesView))
                }
                if await collected.binaries.count >= binaryCount {
                    try await outbound.close(.normalClosure, reason: nil)
                    return
                }
            }
        }
        return await (collected.texts, collected.binaries)
    }
}

actor Collected {
    var texts: [String] = []
    var binaries: [[UInt8]] = []
    func add(text: String) { texts.append(text) }
    func add(binary: [UInt8]) { binaries.append(binary) }
}
