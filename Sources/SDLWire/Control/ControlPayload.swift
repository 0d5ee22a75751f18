public import NIOCore

/// A typed control frame payload with a BSON form (PS §3.1.3). All parameters are optional on the wire; a key whose
/// value is absent is omitted rather than sent empty.
///
/// ```swift
/// let ack = try RPCStartServiceACK(payload: frame.payload)
/// let hashID = ack.hashID
/// ```
public protocol ControlPayload: Hashable, Sendable {
    /// Reads the payload from a decoded document. Unknown keys are ignored; a known key of the wrong type throws.
    init(document: BSONDocument) throws(SDLWireError)
    /// The payload as a document, keys in the order SDL Core writes them.
    var document: BSONDocument { get }
}

extension ControlPayload {
    /// Reads the payload from a frame's bytes. An empty payload reads as an empty document.
    public init(payload: ByteBuffer) throws(SDLWireError) {
        if payload.readableBytes == 0 {
            try self.init(document: BSONDocument())
        } else {
            try self.init(document: BSONDocument(decoding: payload))
        }
    }

    /// The BSON bytes to put in a frame; empty when the document is empty (PS §3.1.3: omit rather than send empty).
    public var buffer: ByteBuffer {
        let document = self.document
        guard !document.isEmpty else { return ByteBuffer() }
        var buffer = ByteBuffer()
        document.write(to: &buffer)
        return buffer
    }
}

extension BSONDocument {
    func string(_ key: String) throws(SDLWireError) -> String? {
        guard let value = self[key] else { return nil }
        guard let text = value.stringValue else { throw mismatch(key, "string", value) }
        return text
    }

    func integer(_ key: String) throws(SDLWireError) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let number = value.integerValue else { throw mismatch(key, "int32 or int64", value) }
        return number
    }

    func int32(_ key: String) throws(SDLWireError) -> Int32? {
        guard let number = try integer(key) else { return nil }
        guard let small = Int32(exactly: number) else {
            throw SDLWireError(.bsonTypeMismatch(key: key, expected: "int32", got: "int64 \(number)"))
        }
        return small
    }

    func strings(_ key: String) throws(SDLWireError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard let array = value.arrayValue else { throw mismatch(key, "array of strings", value) }
        var result: [String] = []
        for element in array {
            guard let text = element.stringValue else { throw mismatch(key, "array of strings", value) }
            result.append(text)
        }
        return result
    }

    func int32s(_ key: String) throws(SDLWireError) -> [Int32]? {
        guard let value = self[key] else { return nil }
        guard let array = value.arrayValue else { throw mismatch(key, "array of integers", value) }
        var result: [Int32] = []
        for element in array {
            guard let number = element.integerValue, let small = Int32(exactly: number) else {
                throw mismatch(key, "array of int32", value)
            }
            result.append(small)
        }
        return result
    }

    private func mismatch(_ key: String, _ expected: String, _ value: BSONValue) -> SDLWireError {
        SDLWireError(.bsonTypeMismatch(key: key, expected: expected, got: value.typeName))
    }
}
