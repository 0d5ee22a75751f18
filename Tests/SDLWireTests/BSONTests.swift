import CarWindowTestingTools
import NIOCore
import SDLWire
import Testing

/// BSON round trips for every type we support, and documents whose bytes lie.
@Suite("BSON")
struct BSONTests {
    static let everyType: BSONDocument = [
        "double": .double(-1.5),
        "string": .string("Grüße, 世界"),
        "empty": .string(""),
        "nul inside": .string("a\u{0}b"),
        "document": .document(["inner": .int32(1), "deeper": .document(["x": .bool(false)])]),
        "array": .array([.int32(1), .string("two"), .array([]), .document([:])]),
        "true": .bool(true),
        "false": .bool(false),
        "int32": .int32(.min),
        "int64": .int64(.max),
        "": .int64(-1),
    ]

    @Test("every type round trips, keys in order")
    func roundTrip() throws {
        let bytes = Self.everyType.encoded()
        let back = try BSONDocument(decoding: bytes)
        #expect(back == Self.everyType)
        #expect(back.keys == Self.everyType.keys)
        #expect(back.encoded() == bytes)
    }

    @Test("golden bytes: {a: int32 1, b: true} (bsonspec.org layout)")
    func golden() throws {
        let bytes = Hex.bytes(
            """
            10000000  // document length 16 (little-endian)
            10        // element type 0x10 (int32)
            6100      // key "a" + NUL
            01000000  // int32 1
            08        // element type 0x08 (bool)
            6200      // key "b" + NUL
            01        // true
            00        // end of document
            """
        )
        #expect(try BSONDocument(decoding: bytes) == ["a": .int32(1), "b": .bool(true)])
        let document: BSONDocument = ["a": .int32(1), "b": .bool(true)]
        #expect(document.encoded() == bytes)
    }

    @Test("random documents round trip", arguments: 0..<4)
    func randomDocuments(round: Int) throws {
        var random = SeededGenerator(
            seed: SeededGenerator.seed(for: "BSON random \(round)", fallback: 0xB50 + UInt64(round))
        )
        for _ in 0..<200 {
            let document = BSONFuzz.document(depth: 0, random: &random)
            let bytes = document.encoded()
            #expect(try BSONDocument(decoding: bytes) == document)
        }
    }

    @Test("a key with NUL is cut at the NUL when written")
    func nulInKey() throws {
        let document: BSONDocument = ["ab\u{0}cd": .int32(1)]
        #expect(try BSONDocument(decoding: document.encoded()).keys == ["ab"])
    }

    @Test("a repeated key keeps its first position and the last value")
    func repeatedKey() throws {
        let bytes = Hex.bytes(
            """
            17000000  // document length 23
            10 6100 01000000  // a: int32 1
            10 6200 02000000  // b: int32 2
            08 6100 01        // a again: true
            00
            """
        )
        let document = try BSONDocument(decoding: bytes)
        #expect(document.keys == ["a", "b"])
        #expect(document["a"] == .bool(true))
    }

    @Test(
        "hostile documents give malformedBSON",
        arguments: [
            ("empty input", ""),
            ("length field cut", "0500"),
            ("length below 5", "04000000 00"),
            ("negative length", "ffffffff 00"),
            ("length beyond the bytes", "10000000 00"),
            ("length shorter than the elements", "05000000 10 6100 01000000 00"),
            ("not terminated by 0x00", "05000000 01"),
            ("trailing bytes", "05000000 00 00"),
            ("key not terminated", "08000000 10 6161 00"),
            ("key not UTF-8", "0c000000 10 ff00 01000000 00"),
            ("string length beyond the bytes", "0e000000 02 6100 ff000000 6100 00"),
            ("string length zero", "0c000000 02 6100 00000000 00"),
            ("string length negative", "0c000000 02 6100 feffffff 00"),
            ("string not NUL-terminated", "0e000000 02 6100 02000000 6161 00"),
            ("string not UTF-8", "0e000000 02 6100 02000000 c300 00"),
            ("nested length lies", "0d000000 03 6100 ff000000 00 00"),
            ("nested length below 5", "0d000000 03 6100 03000000 00 00"),
            ("array length lies", "0d000000 04 6100 06000000 00 00"),
            ("int32 truncated", "0a000000 10 6100 0100 00"),
            ("int64 truncated", "0e000000 12 6100 010000000000 00"),
            ("double truncated", "0a000000 01 6100 0000 00"),
            ("boolean 2", "09000000 08 6100 02 00"),
            ("boolean 0xff", "09000000 08 6100 ff 00"),
            ("unknown element type 0x05 (binary)", "09000000 05 6100 00 00"),
            ("unknown element type 0x7f", "08000000 7f 6100 00"),
            ("element type with nothing after", "06000000 10 00"),
        ]
    )
    func hostile(name: String, hex: String) {
        expectWireError(.malformedBSON, mentioning: nil) { try BSONDocument(decoding: Hex.bytes(hex)) }
    }

    @Test("nesting up to maximumDepth decodes; one more level is refused")
    func depth() throws {
        func nested(_ levels: Int) -> BSONDocument {
            var document: BSONDocument = ["leaf": .int32(1)]
            for _ in 0..<levels { document = ["d": .document(document)] }
            return document
        }
        let deepest = nested(BSONDocument.maximumDepth - 1)
        #expect(try BSONDocument(decoding: deepest.encoded()) == deepest)
        expectWireError(.malformedBSON, mentioning: "nesting deeper") {
            try BSONDocument(decoding: nested(BSONDocument.maximumDepth).encoded())
        }
        // Arrays count as levels too.
        var array: BSONValue = .int32(0)
        for _ in 0..<(BSONDocument.maximumDepth + 5) { array = .array([array]) }
        expectWireError(.malformedBSON, mentioning: "nesting deeper") {
            let document: BSONDocument = ["a": array]
            return try BSONDocument(decoding: document.encoded())
        }
    }

    @Test("a document of 150 000 keys decodes in linear time", .timeLimit(.minutes(1)))
    func manyKeys() throws {
        var buffer = ByteBuffer()
        buffer.writeInteger(Int32(0), endianness: .little)
        for index in 0..<150_000 {
            buffer.writeInteger(UInt8(0x08))
            buffer.writeString(String(index, radix: 36))
            buffer.writeInteger(UInt8(0))
            buffer.writeInteger(UInt8(1))
        }
        buffer.writeInteger(UInt8(0))
        buffer.setInteger(Int32(buffer.readableBytes), at: 0, endianness: .little)
        let document = try BSONDocument(decoding: buffer)
        #expect(document.elements.count == 150_000)
    }

    @Test("integerValue reads int32 and int64; other accessors are exact")
    func accessors() {
        #expect(BSONValue.int32(5).integerValue == 5)
        #expect(BSONValue.int64(1 << 40).integerValue == 1 << 40)
        #expect(BSONValue.string("5").integerValue == nil)
        #expect(BSONValue.bool(true).boolValue == true)
        #expect(BSONValue.int32(1).boolValue == nil)
        #expect(BSONValue.array([.int32(1)]).arrayValue == [.int32(1)])
        #expect(BSONValue.string("x").stringValue == "x")
    }
}

/// Random BSON values for round trips and mutation fuzzing.
enum BSONFuzz {
    static func value(depth: Int, random: inout SeededGenerator) -> BSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &random) {
        case 0: .double(Double(Int64.random(in: -1_000_000...1_000_000, using: &random)) / 8)
        case 1: .string(string(random: &random))
        case 2: .bool(Bool.random(using: &random))
        case 3: .int32(Int32.random(in: .min ... .max, using: &random))
        case 4: .int64(Int64.random(in: .min ... .max, using: &random))
        case 5: .string("")
        case 6: .document(document(depth: depth + 1, random: &random))
        default:
            .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, random: &random) })
        }
    }

    static func document(depth: Int, random: inout SeededGenerator) -> BSONDocument {
        var document = BSONDocument()
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            document[string(random: &random)] = value(depth: depth, random: &random)
        }
        return document
    }

    static func string(random: inout SeededGenerator) -> String {
        let alphabet = Array("abcXYZ09_ é€😀")
        return String(
            (0..<Int.random(in: 0...8, using: &random)).map { _ in
                alphabet[Int.random(in: alphabet.indices, using: &random)]
            }
        )
    }
}
