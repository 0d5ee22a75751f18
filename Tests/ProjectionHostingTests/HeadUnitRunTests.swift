import HeadUnit
import ProjectionHosting
import SDLRPC
import Testing

@Suite("carwindow headunit's run", .timeLimit(.minutes(2)))
struct HeadUnitRunTests {
    @Test("says where the emulator, its WebSocket apps and the viewer listen; an interrupt stops all of it")
    func listensAndStops() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.webSocketPort = 0
        let (lines, line) = AsyncStream.makeStream(of: String.self)
        let (interrupts, interrupt) = AsyncStream.makeStream(of: Void.self)
        let run = Task {
            try await HeadUnitRun.run(
                configuration, viewerPort: 0, summary: "800x480, H264/RAW", interrupts: interrupts, console: false,
                say: { line.yield($0) })
        }
        var said = lines.makeAsyncIterator()
        let listening = try #require(await said.next())
        #expect(listening.hasPrefix("carwindow head unit listening on 127.0.0.1:"), "\(listening)")
        #expect(listening.hasSuffix(" (800x480, H264/RAW)"), "\(listening)")
        let webSocket = try #require(await said.next())
        #expect(webSocket.hasPrefix("WebSocket apps on ws://127.0.0.1:"), "\(webSocket)")
        let viewer = try #require(await said.next())
        #expect(viewer.hasPrefix("viewer: http://127.0.0.1:"), "\(viewer)")
        interrupt.yield()
        try await run.value
        line.finish()
        var rest: [String] = []
        while let next = await said.next() { rest.append(next) }
        #expect(rest.last == "head unit stopped", "\(rest)")
    }

    @Test("the first access unit of a connection gets a line, the rest and the audio and touches none")
    func eventLines() {
        let app = AppID(1)
        #expect(
            HeadUnitRun.line(for: .videoFrame(app, index: 0, bytes: 1200)) == "\(app) first access unit: 1200 bytes")
        #expect(HeadUnitRun.line(for: .videoFrame(app, index: 1, bytes: 800)) == nil)
        #expect(HeadUnitRun.line(for: .audioData(app, bytes: 3200)) == nil)
        #expect(HeadUnitRun.line(for: .touchSent(app, type: .begin, notifications: 2)) == nil)
        #expect(HeadUnitRun.line(for: .disconnected(app)) == "\(HeadUnitEvent.disconnected(app))")
    }
}
