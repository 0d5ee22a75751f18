/// One line of an event log (`carwindow stream --events`): an event name and flat fields.
///
/// ```swift
/// for await event in await audio.manager.events() {
///     let record = event.logRecord      // audioFinished {item: 3, end: "completed"}
///     var object: [String: Any] = ["event": record.name]
///     for (key, value) in record.fields { object[key] = value.jsonValue }
/// }
/// ```
public struct AudioEventLogRecord: Hashable, Sendable, CustomStringConvertible {
    /// A field's value: a number or a string, as JSON wants it.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        case int(Int)
        case string(String)

        /// The value as a JSON-serialisable object (`Int` or `String`).
        public var jsonValue: any Sendable {
            switch self {
            case .int(let value): value
            case .string(let value): value
            }
        }

        public var description: String {
            switch self {
            case .int(let value): "\(value)"
            case .string(let value): "\"\(value)\""
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

    /// `audioStarted`, `audioStopped`, `audioFinished` or `error`.
    public var name: String
    /// The event's fields, in a fixed order.
    public var fields: [Field]

    public init(name: String, fields: [Field]) {
        self.name = name
        self.fields = fields
    }

    public var description: String {
        "\(name) {" + fields.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
