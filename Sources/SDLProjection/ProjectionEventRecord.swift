/// One line of the event log: an event name and its fields in a fixed order. The one schema of every `--events`
/// log (docs/streaming.md, "--events format", lists each event and its fields).
///
/// ```swift
/// let record = ProjectionEventRecord("videoResized", [("width", .int(400)), ("height", .int(240))])
/// record.jsonLine(t: 1.25)   // {"t":1.25,"event":"videoResized","width":400,"height":240}
/// ```
public struct ProjectionEventRecord: Hashable, Sendable, CustomStringConvertible {
    /// A field's JSON value.
    public enum Value: Hashable, Sendable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)

        /// The value as JSON text.
        public var json: String {
            switch self {
            case .string(let text): ProjectionEventRecord.quoted(text)
            case .int(let value): String(value)
            case .bool(let value): value ? "true" : "false"
            case .double(let value): value.isFinite ? String(value) : "null"
            }
        }
    }

    /// One field.
    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: Value

        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The event's name: `registered`, `videoStarted`, `touch`, ...
    public var name: String
    /// The fields after `t` and `event`, in their documented order.
    public var fields: [Field]

    public init(_ name: String, _ fields: [(String, Value)] = []) {
        self.name = name
        self.fields = fields.map { Field($0.0, $0.1) }
    }

    /// The record as one JSON object on one line (no newline): `t` (seconds, millisecond precision) and `event`
    /// first, then the fields.
    public func jsonLine(t seconds: Double) -> String {
        let t = (seconds * 1000).rounded() / 1000
        var line = "{\"t\":\(t),\"event\":\(Self.quoted(name))"
        for field in fields { line += ",\(Self.quoted(field.key)):\(field.value.json)" }
        return line + "}"
    }

    public var description: String { jsonLine(t: 0) }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
