import NIOCore
import SDLWire
import Testing

/// The decoder's edge cases and hostile headers: every check happens at the header, before any payload is buffered.
@Suite("Frame decoder edge cases")
struct FrameDecoderEdgeCaseTests {
    private static func header(
        version: UInt8 = 5,
        encrypted: Bool = false,
        type: UInt8,
        service: UInt8 = 0x07,
        info: UInt8 = 0,
        size: UInt32,
        messageID: UInt32 = 1
    ) -> [UInt8] {
        var buffer = ByteBuffer()
        buffer.writeInteger(version << 4 | (encrypted ? 0x08 : 0) | type)
        buffer.writeInteger(service)
        buffer.writeInteger(info)
        buffer.writeInteger(UInt8(1))
        buffer.writeInteger(size, endianness: .big)
        if version != 1 { buffer.writeInteger(messageID, endianness: .big) }
        return buffer.bytes
    }

    @Test("a partial header returns nil and consumes nothing", arguments: 0..<12)
    func partialHeader(length: Int) throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: Self.header(type: 1, size: 4).prefix(length))
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(buffer.readerIndex == 0)
    }

    @Test("a partial payload returns nil and consumes nothing, then the rest completes the frame")
    func partialPayload() throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: Self.header(type: 1, size: 4) + [1, 2])
        #expect(try decoder.decode(buffer: &buffer) == nil)
        #expect(buffer.readerIndex == 0, "nothing consumed until the whole frame is there")
        buffer.writeBytes([3, 4])
        let frame = try #require(try decoder.decode(buffer: &buffer))
        #expect(frame.payload.bytes == [1, 2, 3, 4])
        #expect(buffer.readableBytes == 0)
    }

    @Test("two frames in one read")
    func twoFramesInOneRead() throws {
        let wire =
            Self.header(type: 1, size: 1, messageID: 1) + [0xAA] + Self.header(type: 1, size: 2, messageID: 2)
            + [0xBB, 0xCC]
        let (frames, leftover) = try Feed.frames(wire)
        #expect(frames.map(\.header.messageID) == [1, 2])
        #expect(frames.map(\.payload.bytes) == [[0xAA], [0xBB, 0xCC]])
        #expect(leftover == 0)
    }

    @Test(
        "data size at the maximum is accepted; one more is refused before the payload arrives",
        arguments: [1_488, MTU.v3PlusPayloadLimit, MTU.hardPayloadCap]
    )
    func maximumSize(limit: Int) throws {
        var decoder = SDLFrameDecoder(maximumPayloadSize: limit)
        var atLimit = ByteBuffer(bytes: Self.header(type: 1, size: UInt32(limit)))
        atLimit.writeRepeatingByte(0x11, count: limit)
        let frame = try #require(try decoder.decode(buffer: &atLimit))
        #expect(frame.payload.readableBytes == limit)

        // Only the 12 header bytes: the error comes now, not after 1 MiB of payload.
        var decoder2 = SDLFrameDecoder(maximumPayloadSize: limit)
        var over = ByteBuffer(bytes: Self.header(type: 1, size: UInt32(limit + 1)))
        expectWireError(.payloadTooLarge(size: UInt32(limit + 1), limit: limit)) {
            try decoder2.decode(buffer: &over)
        }
        // The same for a v1 header after its 8 bytes.
        var decoder3 = SDLFrameDecoder(maximumPayloadSize: limit)
        var overV1 = ByteBuffer(bytes: Self.header(version: 1, type: 0, size: UInt32(limit + 1)))
        expectWireError(.payloadTooLarge(size: UInt32(limit + 1), limit: limit)) {
            try decoder3.decode(buffer: &overV1)
        }
    }

    @Test("the receive limit is clamped to the hard cap, whatever is asked")
    func hardCap() throws {
        var decoder = SDLFrameDecoder(maximumPayloadSize: .max)
        #expect(decoder.maximumPayloadSize == MTU.hardPayloadCap)
        decoder.maximumPayloadSize = -5
        #expect(decoder.maximumPayloadSize == 0)
        decoder.maximumPayloadSize = MTU.hardPayloadCap * 4
        #expect(decoder.maximumPayloadSize == MTU.hardPayloadCap)
        var buffer = ByteBuffer(bytes: Self.header(type: 1, size: .max))
        expectWireError(.payloadTooLarge(size: .max, limit: MTU.hardPayloadCap)) { try decoder.decode(buffer: &buffer) }
    }

    @Test("versions 0 and 6-15 are refused on the first byte", arguments: [0, 6, 7, 14, 15] as [UInt8])
    func unsupportedVersion(version: UInt8) throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: [version << 4 | 1])
        expectWireError(.unsupportedVersion(version)) { try decoder.decode(buffer: &buffer) }
    }

    @Test("versions 1-5 are accepted", arguments: 1...5 as ClosedRange<UInt8>)
    func supportedVersions(version: UInt8) throws {
        let wire = Self.header(version: version, type: 1, size: 2) + [7, 8]
        let frame = try #require(try Feed.frames(wire).frames.first)
        #expect(frame.header.version == version)
        #expect(frame.bytes == wire)
    }

    @Test("reserved frame types 4-7 are refused on the first byte", arguments: 4...7 as ClosedRange<UInt8>)
    func reservedFrameType(type: UInt8) throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: [0x50 | type])
        expectWireError(.reservedFrameType(type)) { try decoder.decode(buffer: &buffer) }
        // With the E bit too.
        var encrypted = ByteBuffer(bytes: [0x58 | type])
        expectWireError(.reservedFrameType(type)) { try decoder.decode(buffer: &encrypted) }
    }

    @Test("a First frame must have data size 8 and no E bit", arguments: [0, 7, 9, 16] as [UInt32])
    func firstFrameSize(size: UInt32) throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: Self.header(type: 2, size: size))
        expectWireError(.malformedFirstFrame) { try decoder.decode(buffer: &buffer) }
    }

    @Test("an encrypted First frame is refused")
    func encryptedFirstFrame() throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: Self.header(encrypted: true, type: 2, size: 8))
        expectWireError(.malformedFirstFrame, mentioning: "encryption") { try decoder.decode(buffer: &buffer) }
    }

    @Test("Single and First frames with non-zero frame info are refused (PS §3.2.1, §3.3.1.2)")
    func nonZeroFrameInfo() throws {
        var decoder = SDLFrameDecoder()
        var single = ByteBuffer(bytes: Self.header(type: 1, info: 3, size: 0))
        expectWireError(.nonZeroFrameInfo(3)) { try decoder.decode(buffer: &single) }
        var first = ByteBuffer(bytes: Self.header(type: 2, info: 0xFF, size: 8))
        var decoder2 = SDLFrameDecoder()
        expectWireError(.nonZeroFrameInfo(0xFF)) { try decoder2.decode(buffer: &first) }
    }

    @Test("unknown service types and control frame infos decode and are kept")
    func openCodes() throws {
        let wire =
            Self.header(type: 0, service: 0x42, info: 0x77, size: 0)
            + Self.header(type: 1, service: 0xFE, size: 1) + [9]
            + Self.header(type: 0, service: 0x00, info: 0xFD, size: 0)
        let frames = try Feed.frames(wire).frames
        #expect(
            frames.map(\.header.serviceType) == [ServiceType(rawValue: 0x42), ServiceType(rawValue: 0xFE), .control]
        )
        #expect(frames[0].header.controlFrameInfo == ControlFrameInfo(rawValue: 0x77))
        #expect(frames[0].header.controlFrameInfo?.isDefined == false)
        #expect(frames[1].header.serviceType.isDefined == false)
        #expect(frames[2].header.controlFrameInfo == .transportEventUpdate)
        #expect("\(frames[0].header.serviceType)" == "service(0x42)")
        #expect("\(ControlFrameInfo(rawValue: 0x77))" == "ControlFrameInfo(0x77)")
        #expect(Feed.wire(frames) == wire)
    }

    @Test("an error leaves the decoder refusing, not skipping into garbage")
    func errorIsSticky() throws {
        var decoder = SDLFrameDecoder()
        var buffer = ByteBuffer(bytes: [0x00, 0x01, 0x02])
        expectWireError(.unsupportedVersion(0)) { try decoder.decode(buffer: &buffer) }
        expectWireError(.unsupportedVersion(0)) { try decoder.decode(buffer: &buffer) }
        #expect(buffer.readerIndex == 0)
    }
}
