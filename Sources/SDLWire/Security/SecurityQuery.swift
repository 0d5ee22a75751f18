public import NIOCore

/// A security query: the payload of a Single frame on the control service that carries the TLS handshake between
/// head unit and app (PS §5.1.1).
///
/// ```
///  byte 0       1..3            4..7              8..11
/// +------+---------------+-----------------+-----------+------+--------+
/// | type | query id (24) | sequence number | JSON size | JSON | binary |
/// +------+---------------+-----------------+-----------+------+--------+
/// ```
///
/// ```swift
/// let reply = SecurityQuery(type: .response, queryID: .sendHandshakeData, sequenceNumber: 0, binary: tlsBytes)
/// ```
public struct SecurityQuery: Hashable, Sendable {
    public static let headerSize = 12

    /// The query type byte. Open: unknown values are kept.
    public struct QueryType: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let request = QueryType(rawValue: 0x00)
        public static let response = QueryType(rawValue: 0x10)
        /// SDL Core before 8.0 sent handshake data as a notification; errors always travel as notifications.
        public static let notification = QueryType(rawValue: 0x20)
        public static let invalid = QueryType(rawValue: 0xFF)
    }

    /// The 24-bit query id. Open: unknown values are kept.
    public struct QueryID: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue & 0x00FF_FFFF }
        public static let sendHandshakeData = QueryID(rawValue: 0x000001)
        public static let sendInternalError = QueryID(rawValue: 0x000002)
        public static let invalid = QueryID(rawValue: 0xFF_FFFF)
    }

    public var type: QueryType
    public var queryID: QueryID
    public var sequenceNumber: UInt32
    public var json: [UInt8]
    public var binary: [UInt8]

    public init(type: QueryType, queryID: QueryID, sequenceNumber: UInt32, json: [UInt8] = [], binary: [UInt8] = []) {
        self.type = type
        self.queryID = queryID
        self.sequenceNumber = sequenceNumber
        self.json = json
        self.binary = binary
    }

    /// Reads a query, checking the JSON size against the bytes that are there.
    public init(decoding buffer: ByteBuffer) throws(SDLWireError) {
        var buffer = buffer
        guard let word: UInt32 = buffer.readInteger(endianness: .big),
            let sequence: UInt32 = buffer.readInteger(endianness: .big),
            let jsonSize: UInt32 = buffer.readInteger(endianness: .big)
        else {
            throw SDLWireError(.malformedSecurityQuery("shorter than the 12-byte header"))
        }
        guard Int(jsonSize) <= buffer.readableBytes, let json = buffer.readBytes(length: Int(jsonSize)) else {
            throw SDLWireError(.malformedSecurityQuery("JSON size \(jsonSize) with \(buffer.readableBytes) bytes left"))
        }
        type = QueryType(rawValue: UInt8(word >> 24))
        queryID = QueryID(rawValue: word)
        sequenceNumber = sequence
        self.json = json
        binary = buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    public var buffer: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(type.rawValue) << 24 | queryID.rawValue, endianness: .big)
        buffer.writeInteger(sequenceNumber, endianness: .big)
        buffer.writeInteger(UInt32(json.count), endianness: .big)
        buffer.writeBytes(json)
        buffer.writeBytes(binary)
        return buffer
    }
}
