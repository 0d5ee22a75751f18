import Foundation
import HeadUnit
import ProjectionHosting
import SDLSession
import SDLWire
import Testing

@Suite("The head unit a run projects into", .timeLimit(.minutes(2)))
struct RunHeadUnitTests {
    @Test("the local emulator: says where it listens and records; closed, says it recorded nothing")
    func emulator() async throws {
        let said = SaidLines()
        let car = try await RunHeadUnit.open(
            .emulator(port: 0, recordDirectory: nil, prefix: "cw-hosting-test") { $0.touchScreen = false },
            say: said.say)
        let local = try #require(car.local)
        defer { try? FileManager.default.removeItem(atPath: local.recordDirectory) }
        #expect(await car.emulator?.configuration.touchScreen == false)
        #expect(car.transport.description == "127.0.0.1:\(local.port)")
        await car.close(say: said.say)
        #expect(
            said.all == [
                "head-unit emulator listening on 127.0.0.1:\(local.port), recording into \(local.recordDirectory)",
                "no video was recorded in \(local.recordDirectory)",
            ])
    }

    @Test("SDL Core through a transport that dials: said as such, no emulator, nothing to say when closed")
    func coreDialing() async throws {
        let said = SaidLines()
        let car = try await RunHeadUnit.open(
            .core(CoreTransport(.tcp(TCPTransport(host: "::1", port: 12345)))), say: said.say)
        #expect(car.emulator == nil)
        await car.close(say: said.say)
        #expect(said.all == ["projecting into SDL Core at [::1]:12345"])
    }

    @Test("a cloud app's server: says the address SDL Core dials; closing says nothing more")
    func coreListening() async throws {
        let server = try await WebSocketServerTransport.bind(on: try WebSocketURL(listeningAt: "ws://127.0.0.1:0"))
        let said = SaidLines()
        let car = try await RunHeadUnit.open(.core(CoreTransport(.webSocketServer(server))), say: said.say)
        let url = try #require(car.transport.listeningURL)
        #expect(url.port > 0)
        await car.close(say: said.say)
        #expect(said.all == ["waiting for SDL Core to dial \(url) (a cloud app)"])
    }
}
