import Foundation
import HeadUnit
import NIOCore
import SDLWire
import Testing

/// An RPC whose binary header is broken is answered, as Core does, with GenericResponse INVALID_DATA under the
/// request's own correlation id when the header still holds one, so the app can tell which request failed.
@Suite("Malformed requests", .timeLimit(.minutes(3)))
struct MalformedRequestTests {
    @Test("a request whose JSON size runs past its bytes: INVALID_DATA under the request's correlation id")
    func brokenJSONSize() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = nil
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let app = try await TestApp(port: port)
        _ = try await app.startRPC()
        var payload = ByteBuffer()
        payload.writeInteger(UInt32(1), endianness: .big)  // a request, RegisterAppInterface
        payload.writeInteger(UInt32(77), endianness: .big)
        payload.writeInteger(UInt32(5_000), endianness: .big)  // JSON size; 10 bytes follow
        payload.writeBytes(Array(#"{"appName""#.utf8))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: await app.sessionID,
            dataSize: 0, messageID: await app.nextMessageID())
        try await app.send(SDLFrame(header: header, payload: payload))
        let answer = try #require(await app.nextFrame())
        let rpc = try RPCPayload(decoding: answer.payload)
        #expect(rpc.functionID.rawValue == 31)
        #expect(rpc.correlationID == 77)
        await app.close()
        await headUnit.stop()
    }

    @Test("a protocol 1 request whose parameters are no object: INVALID_DATA under the id its JSON names")
    func protocolOneBrokenParameters() async throws {
        var configuration = HeadUnitConfiguration(port: 0)
        configuration.activationDelay = nil
        let headUnit = HeadUnitEmulator(configuration: configuration)
        let port = try await headUnit.start()
        let app = try await TestApp(port: port)
        // An app of protocol 1: a StartService with no payload (Core's ACK offers its own version; the app goes on
        // in protocol 1, and is answered in it).
        try await app.send(.control(.startService, service: .rpc, version: 1, sessionID: 0, payload: ByteBuffer()))
        let ack = try #require(await app.nextFrame())
        #expect(ack.header.controlFrameInfo == .startServiceACK)
        let json = #"{"request":{"name":"RegisterAppInterface","correlationID":42,"parameters":[1,2]}}"#
        let header = FrameHeader(
            version: 1, frameType: .single, serviceType: .rpc, frameInfo: 0, sessionID: ack.header.sessionID,
            dataSize: 0, messageID: 0)
        try await app.send(SDLFrame(header: header, payload: ByteBuffer(bytes: Array(json.utf8))))
        let answer = try #require(await app.nextFrame())
        let envelope = try RPCEnvelopeV1(decoding: Array(answer.payload.readableBytesView))
        #expect(envelope.type == .response)
        #expect(envelope.name == "GenericResponse")
        #expect(envelope.correlationID == 42)
        #expect(String(decoding: envelope.parameters, as: UTF8.self).contains("INVALID_DATA"))
        await app.close()
        await headUnit.stop()
    }
}
