import BrowserTestSupport
import Foundation
import Testing

/// Every `--events` line of every command follows the one table in docs/streaming.md, "--events format": the doc is
/// read here, so the doc and the output cannot drift apart.
@Suite("--events schema", .timeLimit(.minutes(3)))
struct EventSchemaTests {
    /// One documented event: its fields in order, and which of them may be absent.
    struct Schema {
        var fields: [String]
        var optional: Set<String>
    }

    /// The table in docs/streaming.md.
    static func documentedSchema() throws -> [String: Schema] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/streaming.md"), encoding: .utf8)
        guard let section = doc.range(of: "### `--events` format") else {
            throw HarnessError("docs/streaming.md has no '### `--events` format' section")
        }
        var schema: [String: Schema] = [:]
        for line in doc[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard columns.count >= 4, columns[1].hasPrefix("`") else { continue }
            let name = columns[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var fields: [String] = []
            var optional: Set<String> = []
            for item in columns[2].split(separator: ",") {
                let words = item.split(separator: " ")
                guard let first = words.first else { continue }
                let field = first.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                fields.append(field)
                if item.contains("*optional*") { optional.insert(field) }
            }
            schema[name] = Schema(fields: fields, optional: optional)
        }
        guard !schema.isEmpty else { throw HarnessError("no rows in the --events table") }
        return schema
    }

    /// The problems of one line against the table, empty when it conforms.
    static func problems(_ line: String, _ schema: [String: Schema]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return ["not a JSON object: \(line)"]
        }
        guard line.hasPrefix(#"{"t":"#), object["t"] is Double || object["t"] is Int else {
            return ["does not start with t: \(line)"]
        }
        guard let name = object["event"] as? String, let event = schema[name] else {
            return ["an event the table does not list: \(line)"]
        }
        var problems: [String] = []
        let keys = Set(object.keys).subtracting(["t", "event"])
        for extra in keys.subtracting(event.fields) { problems.append("undocumented field \(extra): \(line)") }
        for missing in Set(event.fields).subtracting(keys).subtracting(event.optional) {
            problems.append("missing field \(missing): \(line)")
        }
        // The documented order: each present field's key appears after the previous one's.
        let positions = event.fields.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
        if positions != positions.sorted() { problems.append("fields out of the documented order: \(line)") }
        return problems
    }

    @Test("the table parses and lists the events the library writes")
    func table() throws {
        let schema = try Self.documentedSchema()
        for name in [
            "registered", "hmiStatus", "videoStarted", "videoStopped", "touch", "gesture", "hapticRects",
            "audioStarted", "audioFinished", "error",
        ] {
            #expect(schema[name] != nil, "\(name) is not in the table")
        }
        #expect(schema["error"]?.optional == ["source"])
        #expect(schema["registered"]?.fields == ["appID", "appName", "resultCode", "transport", "authToken"])
        #expect(schema["registered"]?.optional == ["authToken"])
        // The checker itself catches what it must.
        #expect(Self.problems(#"{"t":1.0,"event":"hapticRects","count":4}"#, schema).isEmpty)
        #expect(!Self.problems(#"{"t":1.0,"event":"hapticRects"}"#, schema).isEmpty)
        #expect(!Self.problems(#"{"t":1.0,"event":"hapticRects","count":4,"extra":1}"#, schema).isEmpty)
        #expect(!Self.problems(#"{"event":"hapticRects","t":1.0,"count":4}"#, schema).isEmpty)
        #expect(!Self.problems(#"{"t":1.0,"event":"videoResized","height":1,"width":2}"#, schema).isEmpty)
    }

    @Test(
        "carwindow stream writes the documented schema with every source, touches included",
        arguments: ["pattern", "demo"])
    func stream(source: String) async throws {
        let schema = try Self.documentedSchema()
        var lines: [String] = []
        try await StreamSourceMatrixTests.run(
            source: source == "demo" ? .demo : .pattern, streamArguments: ["--duration", "60"]
        ) { rig in
            try await rig.stream.waitForLine("videoStarted", in: .stdout, timeout: .seconds(60)) {
                $0.contains(#""event":"videoStarted""#)
            }
            try rig.headUnit.send("tap 1 100 100")
            try await rig.stream.waitForLine("the END touch", in: .stdout, timeout: .seconds(10)) {
                $0.contains(#""event":"touch","type":"END""#)
            }
            if source == "demo" {
                // The tap is a tap once the double-tap window has passed.
                for event in ["gesture", "hapticRects"] {
                    try await rig.stream.waitForLine(event, in: .stdout, timeout: .seconds(10)) {
                        $0.contains(#""event":"\#(event)""#)
                    }
                }
            }
            #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
            lines = rig.stream.lines.filter { $0.stream == .stdout }.map(\.text)
        }
        let names = Set(lines.compactMap { $0.firstMatch(of: /"event":"(\w+)"/).map { String($0.1) } })
        #expect(names.isSuperset(of: ["registered", "hmiStatus", "videoStarted", "touch", "videoStopped"]))
        #expect(lines.contains { $0.contains(#""event":"registered""#) && $0.hasSuffix(#","transport":"tcp"}"#) })
        if source == "demo" { #expect(names.isSuperset(of: ["gesture", "hapticRects"])) }
        for line in lines { #expect(Self.problems(line, schema) == []) }
    }

    @Test("carwindow demo writes the same schema")
    func demo() async throws {
        let schema = try Self.documentedSchema()
        let result = try await BinaryRunner.runOffPool([
            "demo", "--port", "0", "--no-viewer", "--duration", "4", "--events", "-",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""event":"videoStarted""#) })
        #expect(!lines.contains { $0.contains(#""event":"frame""#) }, "frame lines only with --frame-events")
        for line in lines { #expect(Self.problems(line, schema) == []) }
    }

    /// The `frame` lines' instants, in order, on the wall clock of the run.
    static func frameStamps(_ lines: [String]) throws -> [[String: Double]] {
        try lines.filter { $0.contains(#""event":"frame""#) }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object.compactMapValues { $0 as? Double }.filter { $0.key != "t" }
        }
    }

    @Test(
        "--frame-events: a frame line for every frame sent, its instants in order and on the wall clock",
        arguments: [["demo", "--port", "0", "--no-viewer"], ["stream", "--source", "pattern"]])
    func frameEvents(command: [String]) async throws {
        let schema = try Self.documentedSchema()
        let before = Date().timeIntervalSince1970 * 1000
        let lines: [String]
        if command[0] == "demo" {
            let result = try await BinaryRunner.runOffPool(
                command + ["--duration", "3", "--events", "-", "--frame-events"])
            #expect(result.status == 0, "\(result.stderr)")
            lines = result.stdout.split(separator: "\n").map(String.init)
        } else {
            var collected: [String] = []
            try await StreamSourceMatrixTests.run(
                source: .pattern, streamArguments: ["--duration", "60", "--frame-events"]
            ) { rig in
                var frameLines = 0
                try await rig.stream.waitForLine("ten frame lines", in: .stdout, timeout: .seconds(60)) { line in
                    if line.contains(#""event":"frame""#) { frameLines += 1 }
                    return frameLines >= 10
                }
                #expect(await rig.stream.stop(signal: SIGINT, grace: .seconds(20)) == 0, "\(rig.stream.tail())")
                collected = rig.stream.lines.filter { $0.stream == .stdout }.map(\.text)
            }
            lines = collected
        }
        let after = Date().timeIntervalSince1970 * 1000
        let frames = try Self.frameStamps(lines)
        #expect(frames.count >= 10, "\(lines.suffix(5))")
        for line in lines { #expect(Self.problems(line, schema) == []) }
        var previousSent = before
        for frame in frames {
            let started = try #require(frame["started"])
            let rendered = try #require(frame["rendered"])
            let sent = try #require(frame["sent"])
            #expect(before <= started && started <= rendered && rendered <= sent && sent <= after, "\(frame)")
            #expect(sent >= previousSent, "frames are sent one after another: \(frame)")
            previousSent = sent
            if let requested = frame["requested"] { #expect(requested <= started, "\(frame)") }
        }
    }

    @Test("--frame-events without --events is refused with what to add")
    func frameEventsNeedALog() async throws {
        let result = try await BinaryRunner.runOffPool(["demo", "--frame-events", "--duration", "1"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--frame-events adds lines to the event log: give it one, e.g. --events -"))
    }
}
