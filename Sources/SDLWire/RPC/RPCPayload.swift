public import NIOCore

/// The payload of an RPC (0x07) or bulk (0x0F) message for protocol 2 and later (PS §5.2.1):
///
/// ```
///  byte 0          0..3                 4..7             8..11
/// +------+------------------------+----------------+-----------+------------+-----------+
/// | type |  function id (28 bits) | correlation id | JSON size |    JSON    | bulk data |
/// +------+------------------------+----------------+-----------+------------+-----------+
///  4 bits                            u32 BE           u32 BE      JSON size    the rest
/// ```
///
/// The JSON is the RPC's parameters object only; name and correlation id live in the header. SDL Core sends
/// notifications with correlation id 0xFFFFFFFF.
///
/// ```swift
/// let payload = RPCPayload(type: .request, functionID: FunctionID(rawValue: 1), correlationID: 1,
///                          json: Array(#"{"appName":"Nav"}"#.utf8))
/// var buffer = payload.buffer
/// let back = try RPCPayload(decoding: buffer)
/// ```
public struct RPCPayload: Hashable, Sendable {
    /// Size of the binary header in front of the JSON.
    public static let headerSize = 12
    /// Correlation id SDL Core puts on notifications.
    public static let notificationCorrelationID: UInt32 = 0xFFFF_FFFF

    public var type: RPCMessageType
    public var functionID: FunctionID
    public var correlationID: UInt32
    public var json: [UInt8]
    /// Binary data after the JSON (bulk service), empty otherwise.
    public var bulkData: [UInt8]

    public init(
        type: RPCMessageType,
        functionID: FunctionID,
        correlationID: UInt32,
        json: [UInt8],
        bulkData: [UInt8] = []
    ) {
        self.type = type
        self.functionID = functionID
        self.correlationID = correlationID
        self.json = json
        self.bulkData = bulkData
    }

    /// Reads a payload, checking the JSON size against the bytes that are really there.
    public init(decoding buffer: ByteBuffer) throws(SDLWireError) {
        var buffer = buffer
        guard let word: UInt32 = buffer.readInteger(endianness: .big),
            let correlation: UInt32 = buffer.readInteger(endianness: .big),
            let jsonSize: UInt32 = buffer.readInteger(endianness: .big)
        else {
            throw SDLWireError(.malformedRPCPayload("\(buffer.readableBytes) bytes, shorter than the 12-byte header"))
        }
        guard Int(jsonSize) <= buffer.readableBytes, let json = buffer.readBytes(length: Int(jsonSize)) else {
            throw SDLWireError(
                .malformedRPCPayload("JSON size \(jsonSize) but only \(buffer.readableBytes) bytes follow")
            )
        }
        self.type = RPCMessageType(rawValue: UInt8(word >> 28))
        self.functionID = FunctionID(rawValue: word)
        self.correlationID = correlation
        self.json = json
        self.bulkData = buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    /// The payload's bytes.
    public var buffer: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(Self.headerSize + json.count + bulkData.count)
        buffer.writeInteger(UInt32(type.rawValue) << 28 | functionID.rawValue, endianness: .big)
        buffer.writeInteger(correlationID, endianness: .big)
        buffer.writeInteger(UInt32(json.count), endianness: .big)
        buffer.writeBytes(json)
        buffer.writeBytes(bulkData)
        return buffer
    }
}
