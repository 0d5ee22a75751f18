import CarWindowTestingTools
import NIOCore
import SDLWire
import Testing

/// Header encode -> bytes -> peek round trips over every field, and the header's printed form.
@Suite("Frame header")
struct FrameHeaderTests {
    @Test("random headers of every version, type and flag round trip")
    func randomRoundTrip() throws {
        var random = SeededGenerator(seed: SeededGenerator.seed(for: "header round trip", fallback: 0x4EAD))
        for _ in 0..<2_000 {
            let version = UInt8.random(in: 1...5, using: &random)
            let header = FrameHeader(
                version: version,
                isEncrypted: Bool.random(using: &random),
                frameType: FrameType(rawValue: UInt8.random(in: 0...3, using: &random)),
                serviceType: ServiceType(rawValue: UInt8.random(in: .min ... .max, using: &random)),
                frameInfo: UInt8.random(in: .min ... .max, using: &random),
                sessionID: UInt8.random(in: .min ... .max, using: &random),
                dataSize: UInt32.random(in: .min ... .max, using: &random),
                messageID: version == 1 ? 0 : UInt32.random(in: .min ... .max, using: &random)
            )
            var buffer = ByteBuffer()
            #expect(header.write(to: &buffer) == header.size)
            #expect(try FrameHeader.peek(in: buffer) == header)
            #expect(buffer.readerIndex == 0, "peek consumes nothing")
        }
    }

    @Test("a v1 header has no message id: 8 bytes, and a message id set on it is not written")
    func v1HasNoMessageID() throws {
        let header = FrameHeader(
            version: 1,
            frameType: .control,
            serviceType: .rpc,
            frameInfo: 1,
            sessionID: 0,
            dataSize: 0,
            messageID: 99
        )
        var buffer = ByteBuffer()
        header.write(to: &buffer)
        #expect(buffer.bytes == [0x10, 0x07, 0x01, 0x00, 0, 0, 0, 0])
        #expect(try FrameHeader.peek(in: buffer)?.messageID == 0)
    }

    @Test("the printed header names every field")
    func description() {
        let header = FrameHeader(
            version: 5,
            isEncrypted: true,
            frameType: .control,
            serviceType: .video,
            frameInfo: 0x02,
            sessionID: 1,
            dataSize: 85,
            messageID: 8
        )
        #expect(header.description == "v5 control video StartServiceACK session=1 size=85 msg=8 encrypted")
        let single = FrameHeader(
            version: 1,
            frameType: .single,
            serviceType: ServiceType(rawValue: 0x42),
            frameInfo: 0,
            sessionID: 0,
            dataSize: 3
        )
        #expect(single.description == "v1 single service(0x42) info=0 session=0 size=3")
        #expect("\(FrameType(rawValue: 6))" == "reserved(6)")
    }

    @Test("named codes are the spec's values")
    func namedCodes() {
        #expect([ServiceType.control, .rpc, .audio, .video, .bulk].map(\.rawValue) == [0x00, 0x07, 0x0A, 0x0B, 0x0F])
        #expect(
            [
                ControlFrameInfo.heartbeat, .startService, .startServiceACK, .startServiceNAK, .endService,
                .endServiceACK, .endServiceNAK, .registerSecondaryTransport, .registerSecondaryTransportACK,
                .registerSecondaryTransportNAK, .transportEventUpdate, .serviceDataACK, .heartbeatACK,
            ].map(\.rawValue)
                == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xFD, 0xFE, 0xFF]
        )
        #expect(!ControlFrameInfo(rawValue: 0x0A).isDefined)
        #expect(ServiceType.audio < ServiceType.video, "lower service numbers go first (PS §5)")
    }
}
