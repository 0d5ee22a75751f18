/// A BSON value of the types SDL control payloads use (PS §3.1.3; bsonspec.org).
///
/// ```swift
/// let value: BSONValue = .array([.int32(1), .int32(2)])
/// ```
public indirect enum BSONValue: Hashable, Sendable, CustomStringConvertible {
    case double(Double)
    case string(String)
    case document(BSONDocument)
    case array([BSONValue])
    case bool(Bool)
    case int32(Int32)
    case int64(Int64)

    /// The BSON element type byte.
    public var typeCode: UInt8 {
        switch self {
        case .double: 0x01
        case .string: 0x02
        case .document: 0x03
        case .array: 0x04
        case .bool: 0x08
        case .int32: 0x10
        case .int64: 0x12
        }
    }

    /// The type's name as the traces spell it (`int32`, `int64`, `string`, ...).
    public var typeName: String {
        switch self {
        case .double: "double"
        case .string: "string"
        case .document: "document"
        case .array: "array"
        case .bool: "bool"
        case .int32: "int32"
        case .int64: "int64"
        }
    }

    /// An integer held as int32 or int64 (real peers differ: SDL Core sends `mtu` as int64).
    public var integerValue: Int64? {
        switch self {
        case .int32(let v): Int64(v)
        case .int64(let v): v
        default: nil
        }
    }

    public var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }

    public var arrayValue: [BSONValue]? {
        if case .array(let v) = self { return v }
        return nil
    }

    public var description: String {
        switch self {
        case .double(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .document(let v): v.description
        case .array(let v): "[" + v.map(\.description).joined(separator: ", ") + "]"
        case .bool(let v): "\(v)"
        case .int32(let v): "\(v)"
        case .int64(let v): "\(v)L"
        }
    }
}
