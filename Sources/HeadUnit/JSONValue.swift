import Foundation

/// A JSON value as the emulator reads app RPCs and writes Core's answers.
///
/// SDL Core writes its RPC JSON with keys in alphabetical order (every RPC in the recorded traces), so encoding sorts
/// keys. Numbers keep the integer/double distinction the app sent, because Core answers with integers where the spec
/// has `Integer` and the traces show `x: 200`, not `x: 200.0`.
///
/// ```swift
/// let value = try JSONValue(parsing: Array(#"{"appName":"Nav"}"#.utf8))
/// value["appName"]?.stringValue   // "Nav"
/// ```
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The most bytes of RPC JSON the emulator parses; larger bodies are refused as INVALID_DATA.
    public static let maximumParsedSize = 1 << 20

    /// Parses JSON bytes.
    public init(parsing bytes: [UInt8]) throws(HeadUnitError) {
        guard bytes.count <= Self.maximumParsedSize else {
            throw HeadUnitError(.invalidRPC("JSON of \(bytes.count) bytes exceeds \(Self.maximumParsedSize)"))
        }
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw HeadUnitError(.invalidRPC("JSON does not parse"))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let v): try container.encode(v)
        case .int(let v): try container.encode(v)
        case .double(let v): try container.encode(v)
        case .string(let v): try container.encode(v)
        case .array(let v): try container.encode(v)
        case .object(let v): try container.encode(v)
        }
    }

    /// The value as compact JSON bytes, keys sorted as Core writes them.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
    }

    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public subscript(key: String) -> JSONValue? {
        get {
            if case .object(let object) = self { return object[key] }
            return nil
        }
        set {
            guard case .object(var object) = self else { return }
            object[key] = newValue
            self = .object(object)
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

    public var intValue: Int64? {
        switch self {
        case .int(let v): v
        case .double(let v): Int64(exactly: v)
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let v): Double(v)
        case .double(let v): v
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let v) = self { return v }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let v) = self { return v }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
