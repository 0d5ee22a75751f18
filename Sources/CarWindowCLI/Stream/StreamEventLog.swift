import Foundation

/// `--events`: one JSON object per line, to a file or stdout, for scripts and CI.
///
/// Every line has `t` (seconds since the Unix epoch, millisecond precision) and `event` first, then the event's
/// fields, in a fixed order. docs/streaming.md lists the events and their fields.
///
/// ```swift
/// let log = try StreamEventLog(destination: "-")
/// await log.write("videoResized", ["width": .int(400), "height": .int(240)])
/// // {"t":1718000000.123,"event":"videoResized","width":400,"height":240}
/// ```
actor StreamEventLog {
    /// A JSON value of one field.
    enum Value: Sendable, Hashable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case double(Double)

        var json: String {
            switch self {
            case .string(let text): StreamEventLog.quoted(text)
            case .int(let value): String(value)
            case .bool(let value): value ? "true" : "false"
            case .double(let value): value.isFinite ? String(value) : "null"
            }
        }
    }

    private let handle: FileHandle?

    /// - Parameter destination: a path, `-` for stdout, or `nil` to write nothing.
    /// - Throws: ``StreamFailure`` when the file cannot be created.
    init(destination: String?) throws(StreamFailure) {
        switch destination {
        case nil: handle = nil
        case "-": handle = FileHandle.standardOutput
        case let path?:
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else {
                throw StreamFailure("cannot create the events file \(path)")
            }
            handle = file
        }
    }

    /// Writes one line. Fields keep the order given.
    func write(_ event: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        write(event, fields: fields.map { ($0.key, $0.value) })
    }

    /// Writes one line from fields built at run time (the audio events' records). Fields keep the order given.
    func write(_ event: String, fields: [(String, Value)]) {
        guard let handle else { return }
        let seconds = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        var line = "{\"t\":\(seconds),\"event\":\(Self.quoted(event))"
        for (key, value) in fields { line += ",\(Self.quoted(key)):\(value.json)" }
        line += "}\n"
        // Written at once and unbuffered, so a reader sees each event as it happens.
        handle.write(Data(line.utf8))
    }

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
                result += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
