import NIOCore
import SDLSecurity
import SDLWire
import Testing

@testable import SDLSession

/// Which encrypted control frames the session decrypts: SDL Core's protocol-5 protected StartServiceACK carries one
/// TLS record as its payload, while the spec's ACK with the E bit carries clear BSON.
@Suite("Encrypted control frames")
struct EncryptedControlFrameTests {
    @Test("whole TLS application-data records are recognised; BSON, short or partial records are not")
    func recognisesOneRecord() {
        // 17 (application_data) 03 03 (TLS 1.2 on the wire, also for 1.3) 00 04 (length) + 4 bytes.
        let record: [UInt8] = [0x17, 0x03, 0x03, 0x00, 0x04, 0xDE, 0xAD, 0xBE, 0xEF]
        #expect(SDLSession.isTLSRecords(ByteBuffer(bytes: record)))
        // The failure: the same header read as a BSON length is 197 399, not the payload's size.
        #expect(ByteBuffer(bytes: record).getInteger(at: 0, endianness: .little, as: Int32.self) == 197_399)
        #expect(!SDLSession.isTLSRecords(ByteBuffer(bytes: Array(record.dropLast()))), "a partial record")
        #expect(!SDLSession.isTLSRecords(ByteBuffer(bytes: record + [0x00])), "trailing bytes")
        #expect(SDLSession.isTLSRecords(ByteBuffer(bytes: record + record)), "two whole records")
        #expect(!SDLSession.isTLSRecords(ByteBuffer(bytes: record + record.prefix(7))), "a record and a half")
        #expect(!SDLSession.isTLSRecords(ByteBuffer(bytes: [0x16] + record.dropFirst())), "a handshake record")
        #expect(!SDLSession.isTLSRecords(ByteBuffer(bytes: Array(record.prefix(5)))), "a header alone")
        #expect(!SDLSession.isTLSRecords(ByteBuffer()))
        // A StartServiceACK's BSON: {"mtu": 131072}.
        let ack = MediaStartServiceACK(mtu: 131_072).buffer
        #expect(!SDLSession.isTLSRecords(ack))
    }
}
