import Foundation
import Testing

/// One frame of the SDL Core 8.2 traces in `Tests/HeadUnitTests/Fixtures/traces/*.jsonl` (line format: the README
/// there).
struct TraceFrame: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var direction: String
    var version: UInt8
    var encrypted: Bool
    var frameType: UInt8
    var serviceType: UInt8
    var frameInfo: UInt8
    var sessionID: UInt8
    var dataSize: UInt32
    /// `nil` for a version 1 header.
    var messageID: UInt32?
    /// The whole frame, or only its first 64 bytes for audio and video data frames (see `length`).
    var bytes: [UInt8]
    /// The whole frame's length, given for data frames only.
    var length: Int?
    /// The trace's own decoding of the payload, as JSON.
    var decoded: Data?
    /// The BSON element type of each key of a control payload.
    var bsonTypes: [String: String]
    var summary: String

    var testDescription: String { "\(file):\(line) \(direction) \(summary)" }

    /// Whether `bytes` holds the whole frame.
    var isComplete: Bool { length == nil }

    /// The trace's decoded payload as a JSON object.
    var decodedObject: [String: Any]? {
        guard let decoded else { return nil }
        return (try? JSONSerialization.jsonObject(with: decoded)) as? [String: Any]
    }
}

enum TraceCorpusError: Error, CustomStringConvertible {
    case missingDirectory(String)
    case badLine(file: String, line: Int, why: String)

    var description: String {
        switch self {
        case .missingDirectory(let path):
            "trace directory \(path) not found: the wire tests read the SDL Core 8.2 traces from"
                + " Tests/HeadUnitTests/Fixtures/traces"
        case .badLine(let file, let line, let why): "\(file):\(line): \(why)"
        }
    }
}

/// Reads the traces at test time, relative to this file: `Tests/SDLWireTests/Support` -> `Tests` ->
/// `HeadUnitTests/Fixtures/traces` (the repository's one copy of the recorded sessions).
enum TraceCorpus {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // SDLWireTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("HeadUnitTests/Fixtures/traces")

    /// Every frame of every trace file, in file order (read once per test process).
    static func allFrames() throws -> [TraceFrame] { try loaded.get() }

    private static let loaded: Result<[TraceFrame], TraceCorpusError> = {
        do {
            return .success(try load())
        } catch let error as TraceCorpusError {
            return .failure(error)
        } catch {
            return .failure(.badLine(file: directory.path, line: 0, why: "\(error)"))
        }
    }()

    private static func load() throws -> [TraceFrame] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw TraceCorpusError.missingDirectory(directory.path) }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }
            .sorted()
        guard !files.isEmpty else { throw TraceCorpusError.missingDirectory(directory.path + " (no .jsonl files)") }
        var frames: [TraceFrame] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n").enumerated() {
                frames.append(try parse(line: String(line), file: file, number: index + 1))
            }
        }
        return frames
    }

    /// Frames of one file, in order.
    static func frames(in file: String) throws -> [TraceFrame] {
        try allFrames().filter { $0.file == file }
    }

    /// Control frames with distinct bytes (the same EndServiceACK recurs in every file).
    static func distinctControlFrames() throws -> [TraceFrame] {
        var seen = Set<[UInt8]>()
        return try allFrames().filter { $0.frameType == 0 && seen.insert($0.bytes).inserted }
    }

    /// Single frames on the RPC service.
    static func rpcSingleFrames() throws -> [TraceFrame] {
        try allFrames().filter { $0.frameType == 1 && $0.serviceType == 0x07 }
    }

    /// Audio and video data frames (only their first 64 bytes are in the trace).
    static func mediaDataFrames() throws -> [TraceFrame] {
        try allFrames().filter { $0.frameType != 0 && ($0.serviceType == 0x0A || $0.serviceType == 0x0B) }
    }

    private static func parse(line: String, file: String, number: Int) throws -> TraceFrame {
        func bad(_ why: String) -> TraceCorpusError { .badLine(file: file, line: number, why: why) }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let header = object["header"] as? [String: Any],
            let hex = object["hex"] as? String,
            let direction = object["dir"] as? String,
            let summary = object["summary"] as? String
        else { throw bad("not a trace line") }
        guard let bytes = Hex.plain(hex) else { throw bad("hex field is not hex") }
        func field(_ key: String) throws -> Int {
            guard let value = header[key] as? NSNumber else { throw bad("header.\(key) missing") }
            return value.intValue
        }
        var decoded: Data?
        if let value = object["decoded"], !(value is NSNull) {
            decoded = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        }
        return TraceFrame(
            file: file,
            line: number,
            direction: direction,
            version: UInt8(try field("version")),
            encrypted: (header["encrypted"] as? Bool) ?? false,
            frameType: UInt8(try field("frameType")),
            serviceType: UInt8(try field("serviceType")),
            frameInfo: UInt8(try field("frameInfo")),
            sessionID: UInt8(try field("sessionId")),
            dataSize: UInt32(try field("dataSize")),
            messageID: (header["messageId"] as? NSNumber).map { UInt32($0.intValue) },
            bytes: bytes,
            length: (object["len"] as? NSNumber)?.intValue,
            decoded: decoded,
            bsonTypes: (object["bsonTypes"] as? [String: String]) ?? [:],
            summary: summary
        )
    }
}
