public import NIOCore

/// BSON's little-endian wire form (bsonspec.org): `int32 total length, elements, 0x00`; each element is a type byte,
/// a NUL-terminated key and the value. Arrays are documents keyed "0", "1", ...
///
/// Decoding never trusts a length: every declared size is checked against the bytes that are really there before it
/// is used, nesting is bounded by ``maximumDepth``, and strings must be valid UTF-8.
extension BSONDocument {
    /// Nesting deeper than this is refused (SDL payloads nest two levels at most).
    public static let maximumDepth = 32
    /// The smallest document: a length and the terminator.
    static let minimumSize = 5

    // MARK: Encoding

    /// The document as BSON bytes.
    public func encoded() -> [UInt8] {
        var buffer = ByteBuffer()
        write(to: &buffer)
        return Array(buffer.readableBytesView)
    }

    /// Appends the document's BSON bytes to `buffer`.
    public func write(to buffer: inout ByteBuffer) {
        let start = buffer.writerIndex
        buffer.writeInteger(Int32(0), endianness: .little)
        for (key, value) in elements {
            buffer.writeInteger(value.typeCode)
            Self.writeCString(key, to: &buffer)
            Self.write(value, to: &buffer)
        }
        buffer.writeInteger(UInt8(0))
        buffer.setInteger(Int32(buffer.writerIndex - start), at: start, endianness: .little)
    }

    private static func writeCString(_ text: String, to buffer: inout ByteBuffer) {
        // A key cannot hold NUL; cut at the first one rather than write a key that would end early.
        buffer.writeBytes(text.utf8.prefix { $0 != 0 })
        buffer.writeInteger(UInt8(0))
    }

    private static func write(_ value: BSONValue, to buffer: inout ByteBuffer) {
        switch value {
        case .double(let v): buffer.writeInteger(v.bitPattern, endianness: .little)
        case .string(let v):
            buffer.writeInteger(Int32(v.utf8.count + 1), endianness: .little)
            buffer.writeString(v)
            buffer.writeInteger(UInt8(0))
        case .document(let v): v.write(to: &buffer)
        case .array(let values):
            var document = BSONDocument()
            for (index, element) in values.enumerated() { document[String(index)] = element }
            document.write(to: &buffer)
        case .bool(let v): buffer.writeInteger(UInt8(v ? 1 : 0))
        case .int32(let v): buffer.writeInteger(v, endianness: .little)
        case .int64(let v): buffer.writeInteger(v, endianness: .little)
        }
    }

    // MARK: Decoding

    /// Decodes one document that spans all of `bytes`.
    public init(decoding bytes: some Collection<UInt8>) throws(SDLWireError) {
        try self.init(decoding: ByteBuffer(bytes: bytes))
    }

    /// Decodes one document that spans all readable bytes of `buffer`.
    public init(decoding buffer: ByteBuffer) throws(SDLWireError) {
        var buffer = buffer
        self = try Self.readDocument(from: &buffer, depth: 0)
        guard buffer.readableBytes == 0 else {
            throw SDLWireError(.malformedBSON("\(buffer.readableBytes) bytes after the document"))
        }
    }

    private static func readDocument(from buffer: inout ByteBuffer, depth: Int) throws(SDLWireError) -> BSONDocument {
        guard depth < maximumDepth else { throw SDLWireError(.malformedBSON("nesting deeper than \(maximumDepth)")) }
        guard let length: Int32 = buffer.getInteger(at: buffer.readerIndex, endianness: .little) else {
            throw SDLWireError(.malformedBSON("document shorter than its length field"))
        }
        guard Int(length) >= minimumSize, Int(length) <= buffer.readableBytes,
            var body = buffer.readSlice(length: Int(length))
        else {
            throw SDLWireError(.malformedBSON("document length \(length) with \(buffer.readableBytes) bytes available"))
        }
        body.moveReaderIndex(forwardBy: 4)
        guard body.getInteger(at: body.writerIndex - 1, as: UInt8.self) == 0 else {
            throw SDLWireError(.malformedBSON("document not terminated by 0x00"))
        }
        body.moveWriterIndex(to: body.writerIndex - 1)
        var document = BSONDocument()
        var positions: [String: Int] = [:]
        while body.readableBytes > 0 {
            guard let type: UInt8 = body.readInteger() else { break }
            let key = try readCString(from: &body)
            let value = try readValue(type: type, key: key, from: &body, depth: depth)
            document.appendDecoded(key: key, value: value, positions: &positions)
        }
        return document
    }

    private static func readCString(from buffer: inout ByteBuffer) throws(SDLWireError) -> String {
        guard let end = buffer.readableBytesView.firstIndex(of: 0) else {
            throw SDLWireError(.malformedBSON("key not terminated"))
        }
        let length = end - buffer.readableBytesView.startIndex
        guard let bytes = buffer.readBytes(length: length), let text = String(validating: bytes, as: UTF8.self) else {
            throw SDLWireError(.malformedBSON("key is not UTF-8"))
        }
        buffer.moveReaderIndex(forwardBy: 1)
        return text
    }

    private static func readValue(
        type: UInt8,
        key: String,
        from buffer: inout ByteBuffer,
        depth: Int
    ) throws(SDLWireError) -> BSONValue {
        func missing() -> SDLWireError { SDLWireError(.malformedBSON("value of '\(key)' truncated")) }
        switch type {
        case 0x01:
            guard let bits: UInt64 = buffer.readInteger(endianness: .little) else { throw missing() }
            return .double(Double(bitPattern: bits))
        case 0x02:
            guard let length: Int32 = buffer.readInteger(endianness: .little) else { throw missing() }
            guard length >= 1, Int(length) <= buffer.readableBytes, let bytes = buffer.readBytes(length: Int(length))
            else {
                throw SDLWireError(.malformedBSON("string '\(key)' declares \(length) bytes"))
            }
            guard bytes.last == 0 else { throw SDLWireError(.malformedBSON("string '\(key)' not terminated")) }
            guard let text = String(validating: bytes.dropLast(), as: UTF8.self) else {
                throw SDLWireError(.malformedBSON("string '\(key)' is not UTF-8"))
            }
            return .string(text)
        case 0x03:
            return .document(try readDocument(from: &buffer, depth: depth + 1))
        case 0x04:
            return .array(try readDocument(from: &buffer, depth: depth + 1).elements.map(\.value))
        case 0x08:
            guard let byte: UInt8 = buffer.readInteger() else { throw missing() }
            guard byte <= 1 else { throw SDLWireError(.malformedBSON("boolean '\(key)' is \(byte)")) }
            return .bool(byte == 1)
        case 0x10:
            guard let v: Int32 = buffer.readInteger(endianness: .little) else { throw missing() }
            return .int32(v)
        case 0x12:
            guard let v: Int64 = buffer.readInteger(endianness: .little) else { throw missing() }
            return .int64(v)
        default:
            throw SDLWireError(.malformedBSON("unsupported element type 0x\(String(type, radix: 16)) for '\(key)'"))
        }
    }
}
