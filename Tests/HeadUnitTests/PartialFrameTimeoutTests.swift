import HeadUnit
import NIOCore
import SDLWire
import Testing

/// Issue #30: connections that sent part of a frame and then nothing stayed open for good (1,000 of them held their
/// sockets). The emulator closes them after ``HeadUnitConfiguration/partialFrameTimeout``; a link idle between whole
/// frames stays open.
@Suite("The emulator closes links stalled mid-frame", .timeLimit(.minutes(2)))
struct PartialFrameTimeoutTests {
    @Test("half headers and a header without its payload are closed; an app that sent nothing is still served")
    func stalledMidFrame() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.partialFrameTimeout = .milliseconds(200)
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        // Connected first and silent all along: idle, but with no partial frame, so never closed.
        let quiet = try await TestApp(port: port)
        var stalled: [TestApp] = []
        for index in 0..<40 {
            let app = try await TestApp(port: port)
            if index.isMultiple(of: 2) {
                // Half a header: version 5, single frame, RPC service, then nothing.
                try await app.sendBytes([0x51, 0x07, 0x00, 0x00, 0x00])
            } else {
                // A whole header announcing 100 bytes, and 10 of them.
                var header = ByteBuffer()
                FrameHeader(
                    version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: 0, dataSize: 100,
                    messageID: 1
                ).write(to: &header)
                try await app.sendBytes(Array(header.readableBytesView) + Array(repeating: 0x20, count: 10))
            }
            stalled.append(app)
        }
        // Each is closed by the emulator: its stream ends (before the fix this waited until the time limit).
        for app in stalled {
            #expect(await app.next() == nil)
        }
        // The silent app has now been idle longer than the timeout, and is still served (startRPC throws without
        // an ACK).
        let ack = try await quiet.startRPC()
        #expect(ack.protocolVersion != nil)
        await quiet.close()
        await headUnit.stop()
    }
}
