import NIOCore
import SDLWire
import Testing

/// Typed control payloads: round trips, int32/int64 acceptance, type mismatches, and the MTU rules they feed.
@Suite("Control payloads")
struct ControlPayloadTests {
    @Test("every typed payload round trips through BSON bytes")
    func roundTrips() throws {
        let ack = RPCStartServiceACK(
            protocolVersion: ProtocolVersion(5, 4, 1),
            hashID: -7,
            mtu: 1 << 33,
            secondaryTransports: ["TCP_WIFI"],
            audioServiceTransports: [2, 1],
            videoServiceTransports: [2],
            authToken: "token",
            vehicle: VehicleInfo(
                make: "m",
                model: "n",
                modelYear: "y",
                trim: "t",
                systemSoftwareVersion: "s",
                systemHardwareVersion: "h"
            )
        )
        #expect(try RPCStartServiceACK(payload: ack.buffer) == ack)
        // SDL Core's key order (its BSON hash table: the sum of a key's bytes modulo 65), cloud app's token included.
        #expect(
            ack.document.keys == [
                "videoServiceTransports", "hashId", "model", "mtu", "modelYear", "systemHardwareVersion", "make",
                "authToken", "secondaryTransports", "systemSoftwareVersion", "trim", "audioServiceTransports",
                "protocolVersion",
            ])
        #expect(
            ack.document.keys.map { key in key.utf8.reduce(0) { ($0 + Int($1)) % 65 } }
                == [4, 8, 9, 17, 20, 23, 24, 37, 41, 52, 54, 64, 64])
        #expect(
            try RPCStartService(payload: RPCStartService(protocolVersion: .supported).buffer).protocolVersion
                == .supported
        )
        let video = VideoStartService(height: 600, width: 1024, videoProtocol: "RTP", videoCodec: "H265")
        #expect(try VideoStartService(payload: video.buffer) == video)
        let media = MediaStartServiceACK(mtu: 1_500, videoProtocol: "RAW", width: 1, videoCodec: "H264", height: 2)
        #expect(try MediaStartServiceACK(payload: media.buffer) == media)
        let nak = ServiceNAK(rejectedParams: ["height", "width"], reason: "too big")
        #expect(try ServiceNAK(payload: nak.buffer) == nak)
        #expect(try EndService(payload: EndService(hashID: 3).buffer) == EndService(hashID: 3))
        let update = TransportEventUpdate(tcpIPAddress: "fd12:3456:789a::1", tcpPort: 12345)
        #expect(try TransportEventUpdate(payload: update.buffer) == update)
        #expect(!update.isWithdrawal)
        #expect(TransportEventUpdate(tcpIPAddress: "").isWithdrawal)
        #expect(TransportEventUpdate().isWithdrawal)
        let secondaryNAK = RegisterSecondaryTransportNAK(reason: "no")
        #expect(try RegisterSecondaryTransportNAK(payload: secondaryNAK.buffer) == secondaryNAK)
    }

    @Test("an empty payload reads as all-absent, and absent values write an empty payload (PS §3.1.3)")
    func emptyPayloads() throws {
        #expect(try RPCStartServiceACK(payload: ByteBuffer()) == RPCStartServiceACK())
        #expect(RPCStartServiceACK().buffer.readableBytes == 0)
        #expect(EndService().buffer.readableBytes == 0)
        #expect(try ServiceNAK(payload: ByteBuffer(bytes: BSONDocument().encoded())) == ServiceNAK())
    }

    @Test("mtu is accepted as int64 (Core) and as int32 (other head units)")
    func mtuBothWidths() throws {
        let asInt64: BSONDocument = ["mtu": .int64(131_072)]
        let asInt32: BSONDocument = ["mtu": .int32(131_072)]
        #expect(try MediaStartServiceACK(document: asInt64).mtu == 131_072)
        #expect(try MediaStartServiceACK(document: asInt32).mtu == 131_072)
        #expect(try RPCStartServiceACK(document: asInt32).mtu == 131_072)
        // And hashId, an int32, from an int64 that fits; one that does not is refused.
        #expect(try RPCStartServiceACK(document: ["hashId": .int64(65537)]).hashID == 65537)
        expectWireError(.bsonTypeMismatch, mentioning: "hashId") {
            try RPCStartServiceACK(document: ["hashId": .int64(1 << 40)])
        }
    }

    @Test(
        "a known key of the wrong type is a bsonTypeMismatch",
        arguments: [
            ("mtu", BSONValue.string("131072"), "int32 or int64", "string"),
            ("hashId", .bool(true), "int32 or int64", "bool"),
            ("protocolVersion", .int32(5), "string", "int32"),
            ("secondaryTransports", .string("TCP_WIFI"), "array of strings", "string"),
            ("secondaryTransports", .array([.int32(1)]), "array of strings", "array"),
            ("videoServiceTransports", .array([.string("1")]), "array of int32", "array"),
            ("make", .document([:]), "string", "document"),
        ]
    )
    func typeMismatch(key: String, value: BSONValue, expected: String, got: String) {
        expectWireError(.bsonTypeMismatch(key: key, expected: expected, got: got)) {
            try RPCStartServiceACK(document: [key: value])
        }
    }

    @Test("type mismatches in the other payloads")
    func otherMismatches() {
        expectWireError(.bsonTypeMismatch(key: "height", expected: "int32 or int64", got: "double")) {
            try VideoStartService(document: ["height": .double(480)])
        }
        expectWireError(.bsonTypeMismatch(key: "rejectedParams", expected: "array of strings", got: "string")) {
            try ServiceNAK(document: ["rejectedParams": .string("videoCodec")])
        }
        expectWireError(.bsonTypeMismatch(key: "tcpPort", expected: "int32 or int64", got: "string")) {
            try TransportEventUpdate(document: ["tcpPort": .string("80")])
        }
        expectWireError(.malformedProtocolVersion("five")) {
            try RPCStartService(document: ["protocolVersion": .string("five")])
        }
    }

    @Test("unknown keys are ignored")
    func unknownKeys() throws {
        let ack = try MediaStartServiceACK(document: ["mtu": .int64(1), "futureKey": .document(["x": .int32(1)])])
        #expect(ack == MediaStartServiceACK(mtu: 1))
    }

    @Test(
        "protocol versions parse M, M.m and M.m.p and compare",
        arguments: [
            ("5", ProtocolVersion(5, 0, 0)), ("5.1", ProtocolVersion(5, 1, 0)), ("5.4.1", ProtocolVersion(5, 4, 1)),
            ("10.0.0", ProtocolVersion(10, 0, 0)),
        ]
    )
    func protocolVersion(text: String, expected: ProtocolVersion) throws {
        #expect(try ProtocolVersion(text) == expected)
    }

    @Test(
        "malformed protocol versions",
        arguments: [
            "", ".", "5.", "5..1", "5.4.1.0", "a.b.c", "+5.4.0", "5.-0.1", " 5.4.0", "5.4.0 ", "1234567890.0.0",
            "٥.4.0",
        ]
    )
    func malformedProtocolVersion(text: String) {
        expectWireError(.malformedProtocolVersion(text)) { try ProtocolVersion(text) }
    }

    @Test("protocol version order")
    func versionOrder() throws {
        #expect(ProtocolVersion(5, 4, 0) < ProtocolVersion.supported)
        #expect(ProtocolVersion(4, 9, 9) < ProtocolVersion(5))
        #expect(ProtocolVersion.supported.description == "5.4.1")
    }

    @Test("MTU: version defaults, per-service values falling back to RPC, clamping to the hard cap")
    func mtuRules() {
        #expect(MTU(version: 2).maximumSendPayload(for: .rpc) == 1_500 - 12 - 12)
        #expect(MTU(version: 1).maximumReceivePayload == MTU.v1v2PayloadLimit)
        var mtu = MTU(version: 5)
        #expect(mtu.maximumReceivePayload == 131_072)
        #expect(mtu.maximumSendPayload(for: .video) == 131_060)
        mtu.set(200_000, for: .rpc)
        #expect(mtu.negotiatedValue(for: .video) == 200_000, "services without their own mtu use the RPC one")
        mtu.set(50_000, for: .video)
        #expect(mtu.negotiatedValue(for: .video) == 50_000)
        #expect(mtu.maximumReceivePayload == 200_000)
        mtu.set(.max, for: .audio)
        #expect(mtu.negotiatedValue(for: .audio) == MTU.hardPayloadCap)
        #expect(mtu.maximumReceivePayload == MTU.hardPayloadCap)
        mtu.set(-1, for: .audio)
        #expect(mtu.negotiatedValue(for: .audio) == 64)
        mtu.clear(.video)
        #expect(mtu.negotiatedValue(for: .video) == 200_000)
    }
}
