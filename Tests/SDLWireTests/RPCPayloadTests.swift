import NIOCore
import SDLWire
import Testing

/// The RPC binary header (PS §5.2.1), the protocol 1 envelope, and the security query (PS §5.1.1.2).
@Suite("RPC payloads and security queries")
struct RPCPayloadTests {
    @Test("round trips for every RPC type, reserved ones kept", arguments: 0...15 as ClosedRange<UInt8>)
    func roundTrip(type: UInt8) throws {
        let payload = RPCPayload(
            type: RPCMessageType(rawValue: type),
            functionID: FunctionID(rawValue: 0x0FFF_FFFF),
            correlationID: 0xFFFF_FFFF,
            json: Array(#"{"x":[1,2]}"#.utf8),
            bulkData: [0, 1, 2]
        )
        let back = try RPCPayload(decoding: payload.buffer)
        #expect(back == payload)
        #expect(back.type.rawValue == type)
    }

    @Test("function ids are 28 bits: higher bits are masked, not mixed into the type")
    func functionIDMask() throws {
        #expect(FunctionID(rawValue: 0xF000_8000).rawValue == 0x8000)
        let payload = RPCPayload(
            type: .notification,
            functionID: FunctionID(rawValue: 0xF000_8000),
            correlationID: 1,
            json: []
        )
        #expect(payload.buffer.getInteger(at: 0, endianness: .big, as: UInt32.self) == 0x2000_8000)
    }

    @Test(
        "RPC payloads whose sizes lie",
        arguments: [
            ("nothing", ""),
            ("header cut", "20008000 ffffffff 0000"),
            ("JSON size beyond the bytes", "20008000 ffffffff 00000005 7b7d"),
            ("JSON size 0xFFFFFFFF", "20008000 ffffffff ffffffff 7b7d"),
        ]
    )
    func lyingRPC(name: String, hex: String) {
        expectWireError(.malformedRPCPayload) { try RPCPayload(decoding: Hex.buffer(hex)) }
    }

    @Test("a JSON size shorter than the bytes leaves the rest as bulk data")
    func shortJSONSize() throws {
        let payload = try RPCPayload(decoding: Hex.buffer("00000020 00000001 00000001 7b 7d"))
        #expect(payload.json == [0x7B])
        #expect(payload.bulkData == [0x7D])
    }

    @Test("protocol 1 envelopes round trip")
    func envelopeRoundTrip() throws {
        let envelope = RPCEnvelopeV1(
            type: .request,
            name: "Register\"App\"",
            correlationID: 65_535,
            parameters: Array(#"{"a":1,"b":"x"}"#.utf8)
        )
        let back = try RPCEnvelopeV1(decoding: envelope.encoded())
        #expect(back == envelope)
        let notification = RPCEnvelopeV1(type: .notification, name: "OnHMIStatus", correlationID: nil, parameters: [])
        let decoded = try RPCEnvelopeV1(decoding: notification.encoded())
        #expect(decoded.type == .notification)
        #expect(decoded.correlationID == nil)
        #expect(decoded.parameters == Array("{}".utf8))
    }

    @Test(
        "the correlation id of a protocol 1 envelope that does not decode, where its JSON names one",
        arguments: [
            (#"{"request":{"name":"X","correlationID":42,"parameters":[1]}}"#, 42),
            (#"{"request":{"correlationID":7}}"#, 7),
            (#"{"gossip":{"correlationID":9}}"#, 9),
            (#"{"request":{"name":"X","correlationID":4294967295}}"#, 4_294_967_295),
            (#"{"request":{"name":"X","correlationID":4294967296}}"#, nil),
            (#"{"request":{"name":"X","correlationID":-1}}"#, nil),
            (#"{"request":{"name":"X","correlationID":1.5}}"#, nil),
            (#"{"request":{"name":"X","correlationID":"42"}}"#, nil),
            (#"{"request":{"name":"X"}}"#, nil),
            (#"{"request":[1]}"#, nil),
            (#"{"request":{"correlationID":1},"response":{"correlationID":2}}"#, nil),
            ("{", nil),
        ] as [(String, Int?)])
    func envelopeCorrelationID(json: String, expected: Int?) {
        #expect(RPCEnvelopeV1.correlationID(in: Array(json.utf8)) == expected)
    }

    @Test(
        "malformed protocol 1 envelopes",
        arguments: [
            ("not JSON", "{"),
            ("not UTF-8", "\u{FFFD}"),
            ("top level array", "[1]"),
            ("top level string", "\"request\""),
            ("two kinds", #"{"request":{"name":"A"},"response":{"name":"B"}}"#),
            ("unknown kind", #"{"query":{"name":"A"}}"#),
            ("body not an object", #"{"request":[1]}"#),
            ("no name", #"{"request":{"correlationID":1}}"#),
            ("name not a string", #"{"request":{"name":5}}"#),
            ("parameters an array", #"{"request":{"name":"A","parameters":[1]}}"#),
            ("parameters a string", #"{"request":{"name":"A","parameters":"x"}}"#),
            ("empty", ""),
        ]
    )
    func malformedEnvelope(name: String, json: String) {
        expectWireError(.malformedRPCPayload) { try RPCEnvelopeV1(decoding: Array(json.utf8)) }
    }

    @Test("an envelope of invalid UTF-8 bytes")
    func envelopeInvalidBytes() {
        expectWireError(.malformedRPCPayload) { try RPCEnvelopeV1(decoding: [0xFF, 0xFE, 0x7B]) }
    }

    @Test("security queries round trip, unknown type and id kept")
    func securityRoundTrip() throws {
        let query = SecurityQuery(
            type: SecurityQuery.QueryType(rawValue: 0x55),
            queryID: SecurityQuery.QueryID(rawValue: 0x12_3456),
            sequenceNumber: 0xFFFF_FFFF,
            json: Array(#"{"id":1}"#.utf8),
            binary: [9, 8, 7]
        )
        #expect(try SecurityQuery(decoding: query.buffer) == query)
        #expect(SecurityQuery.QueryID(rawValue: 0xFF12_3456).rawValue == 0x12_3456)
    }

    @Test(
        "malformed security queries",
        arguments: [
            ("nothing", ""),
            ("header cut", "10000001 00000000 00"),
            ("JSON size beyond the bytes", "20000002 00000001 00000010 7b7d"),
            ("JSON size 0xFFFFFFFF", "20000002 00000001 ffffffff"),
        ]
    )
    func malformedSecurity(name: String, hex: String) {
        expectWireError(.malformedSecurityQuery) { try SecurityQuery(decoding: Hex.buffer(hex)) }
    }
}
