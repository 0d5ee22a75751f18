import Foundation
import HeadUnit
import NIOCore
import SDLWire

/// One line of a recorded trace (`Fixtures/traces`).
struct TraceLine: Decodable {
    struct Header: Decodable {
        var version: Int
        var frameType: Int
        var serviceType: Int
        var frameInfo: Int
        var sessionId: Int
        var dataSize: Int
        var messageId: Int?
    }

    var t: Double
    var dir: String
    var header: Header
    var hex: String
    var len: Int?
    var decoded: JSONValue?
    var bsonTypes: [String: String]?
    var summary: String

    var fromApp: Bool { dir == "app->core" }
    var isData: Bool { (header.serviceType == 10 || header.serviceType == 11) && header.frameType != 0 }

    var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    var json: JSONValue? { decoded?["json"] }
    var functionID: Int64? { decoded?["functionId"]?.intValue }

    static func load(_ name: String) throws -> [TraceLine] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/traces/core-8.2-\(name).jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(TraceLine.self, from: Data($0.utf8)) }
    }
}

/// The BSON type names the traces use (`int32`, `array<int32>`, `array<>`, ...).
func traceTypeName(_ value: BSONValue) -> String {
    if case .array(let elements) = value {
        var names: [String] = []
        for element in elements where !names.contains(traceTypeName(element)) { names.append(traceTypeName(element)) }
        return "array<\(names.joined(separator: ","))>"
    }
    return value.typeName
}
