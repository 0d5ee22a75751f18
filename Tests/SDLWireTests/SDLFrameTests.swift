import NIOCore
import SDLWire
import Testing

@Suite("SDLFrame")
struct SDLFrameTests {
    @Test("replacing or changing the payload keeps header.dataSize equal to it, so the frame decodes as written")
    func dataSizeFollowsPayload() throws {
        var frame = SDLFrame.control(.startService, service: .video, version: 5, sessionID: 1)
        #expect(frame.header.dataSize == 0)
        frame.payload = ByteBuffer(bytes: [0x17, 0x03, 0x03, 0x00, 0x05, 1, 2, 3, 4, 5])
        #expect(frame.header.dataSize == 10)
        frame.payload.moveReaderIndex(forwardBy: 5)
        #expect(frame.header.dataSize == 5)
        #expect(frame.bytes.count == 12 + 5)
        #expect(Array(frame.bytes.suffix(5)) == [1, 2, 3, 4, 5])
    }
}
