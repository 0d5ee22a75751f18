import Foundation
import NIOCore
import SDLWire

/// The JSON-lines log of every frame and RPC, in the spirit of the recorded traces in
/// `Tests/HeadUnitTests/Fixtures/traces` (`README.md` there):
///
/// ```json
/// {"t":0.0051,"app":1,"dir":"core->app","header":{"version":5,"encrypted":false,"frameType":0,"serviceType":7,
///  "frameInfo":2,"sessionId":1,"dataSize":214,"messageId":0},"hex":"5007020100...","decoded":{...},
///  "summary":"StartServiceACK (RPC)"}
/// ```
///
/// As in the traces, `hex` holds whole control and RPC frames but only the first 64 bytes of a video or audio data
/// frame, whose full size is in `len`. `t` counts seconds since the app connected.
struct EventLog {
    /// Bytes of a data frame kept in `hex` (the traces' rule).
    static let dataHexPrefix = 64

    enum Direction: String {
        case appToCore = "app->core"
        case coreToApp = "core->app"
    }

    private let sink: FileSink?

    init(path: String?) throws(HeadUnitError) {
        sink = try path.map { path throws(HeadUnitError) in try FileSink(path: path) }
    }

    var isEnabled: Bool { sink != nil }

    func record(_ frame: SDLFrame, direction: Direction, app: AppID, time: Double) throws(HeadUnitError) {
        guard let sink else { return }
        let header = frame.header
        let isData = (header.serviceType == .video || header.serviceType == .audio) && header.frameType != .control
        var bytes = frame.bytes
        var entry: [String: JSONValue] = [
            "t": .double((time * 1_000_000).rounded() / 1_000_000),
            "app": .int(Int64(app.rawValue)),
            "dir": .string(direction.rawValue),
            "header": [
                "version": .int(Int64(header.version)),
                "encrypted": .bool(header.isEncrypted),
                "frameType": .int(Int64(header.frameType.rawValue)),
                "serviceType": .int(Int64(header.serviceType.rawValue)),
                "frameInfo": .int(Int64(header.frameInfo)),
                "sessionId": .int(Int64(header.sessionID)),
                "dataSize": .int(Int64(header.dataSize)),
                "messageId": header.version == 1 ? .null : .int(Int64(header.messageID)),
            ],
        ]
        if isData {
            entry["len"] = .int(Int64(bytes.count))
            bytes = Array(bytes.prefix(Self.dataHexPrefix))
        }
        entry["hex"] = .string(bytes.map { String(format: "%02x", $0) }.joined())
        let (decoded, summary) = Self.describe(frame)
        entry["decoded"] = decoded
        if header.frameType == .control, frame.payload.readableBytes > 0,
            let document = try? BSONDocument(decoding: frame.payload)
        {
            entry["bsonTypes"] = .object(
                Dictionary(
                    document.elements.map { ($0.key, .string(Self.typeName($0.value))) },
                    uniquingKeysWith: { first, _ in first }))
        }
        entry["summary"] = .string(summary)
        try sink.write(JSONValue.object(entry).bytes + [0x0A])
    }

    func close() { sink?.close() }

    static func describe(_ frame: SDLFrame) -> (JSONValue, String) {
        let header = frame.header
        let service = serviceName(header.serviceType)
        if let control = header.controlFrameInfo {
            var decoded: JSONValue = .null
            if frame.payload.readableBytes > 0 {
                if let document = try? BSONDocument(decoding: frame.payload) {
                    decoded = json(document)
                } else if header.isEncrypted {
                    // SDL Core's protocol-5 protected StartServiceACK: the BSON is one TLS record.
                    decoded = ["encrypted": .int(Int64(frame.payload.readableBytes))]
                } else {
                    decoded = ["undecodable": .int(Int64(frame.payload.readableBytes))]
                }
            }
            return (decoded, "\(control) (\(service))")
        }
        if header.isEncrypted, header.frameType != .first {
            // One TLS record: nothing to decode on the wire (the RPC inside is the app's or Core's business).
            return (.null, "encrypted \(header.frameType) (\(service), \(frame.payload.readableBytes) bytes)")
        }
        if header.serviceType == .rpc || header.serviceType == .bulk, header.frameType == .single {
            guard let rpc = try? RPCPayload(decoding: frame.payload) else {
                return (.null, "undecodable RPC (\(frame.payload.readableBytes) bytes)")
            }
            let name = FunctionNames.name(rpc.functionID)
            var decoded: [String: JSONValue] = [
                "rpcType": .int(Int64(rpc.type.rawValue)),
                "rpcTypeName": .string(rpc.type.description),
                "functionId": .int(Int64(rpc.functionID.rawValue)),
                "functionName": .string(name),
                "correlationId": .int(Int64(rpc.correlationID)),
                "json": (try? JSONValue(parsing: rpc.json)) ?? .null,
            ]
            if !rpc.bulkData.isEmpty { decoded["bulkDataLen"] = .int(Int64(rpc.bulkData.count)) }
            return (.object(decoded), "\(name) \(rpc.type)")
        }
        return (.null, "\(header.frameType) (\(service))")
    }

    /// The traces' spelling of a BSON type: `int32`, `array<int32>`, `array<>` for an empty array.
    static func typeName(_ value: BSONValue) -> String {
        guard case .array(let elements) = value else { return value.typeName }
        var names: [String] = []
        for element in elements where !names.contains(typeName(element)) { names.append(typeName(element)) }
        return "array<\(names.joined(separator: ","))>"
    }

    static func serviceName(_ service: ServiceType) -> String {
        switch service {
        case .control: "Control"
        case .rpc: "RPC"
        case .audio: "Audio"
        case .video: "Video"
        case .bulk: "Bulk"
        default: service.description
        }
    }

    static func json(_ document: BSONDocument) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, value) in document.elements { object[key] = json(value) }
        return .object(object)
    }

    static func json(_ value: BSONValue) -> JSONValue {
        switch value {
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .document(let v): json(v)
        case .array(let v): .array(v.map { json($0) })
        case .bool(let v): .bool(v)
        case .int32(let v): .int(Int64(v))
        case .int64(let v): .int(v)
        }
    }
}
