import Testing

@testable import HeadUnitViewer

@Suite("JPEGSplitter")
struct JPEGSplitterTests {
    // A minimal JPEG shape: SOI, a DQT segment whose table bytes contain FF D9, SOS, entropy data with a stuffed
    // FF 00 and a restart marker, EOI.
    static let image: [UInt8] = [
        0xFF, 0xD8,  // SOI
        0xFF, 0xDB, 0x00, 0x05, 0xFF, 0xD9, 0x01,  // DQT, length 5, table bytes that look like EOI
        0xFF, 0xDA, 0x00, 0x03, 0x00,  // SOS, length 3
        0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56,  // entropy data, stuffed FF 00, RST0
        0xFF, 0xD9,  // EOI
    ]

    @Test("finds whole images however the bytes are split", arguments: [1, 2, 5, 100])
    func split(chunk: Int) {
        var splitter = JPEGSplitter()
        let stream = [0x00, 0x11] + Self.image + Self.image
        var images: [[UInt8]] = []
        var index = 0
        while index < stream.count {
            images += splitter.append(Array(stream[index..<min(index + chunk, stream.count)]))
            index += chunk
        }
        #expect(images == [Self.image, Self.image])
    }
}
