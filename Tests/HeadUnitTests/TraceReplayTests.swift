import Foundation
import HeadUnit
import NIOCore
import SDLRPC
import SDLWire
import Testing

import struct SDLRPC.HapticRect
import struct SDLRPC.TouchType

/// Replays the app side of each Core trace against the emulator and compares every frame the emulator sends with
/// the one Core sent: frame type, service, frame info, BSON keys, types and values (except ids), RPC type, function
/// id and JSON. Where Core's answer came from the HMI (level changes, touches, capability updates) the replay plays
/// the HMI through the runtime controls.
@Suite("Trace replay", .serialized)
struct TraceReplayTests {
    static let traces = [
        "raw-video", "rtp-video", "audio", "nak-non-navigation", "resize", "pip", "touch-haptic", "hmi-levels",
        "nak-fallback", "background-keep-streaming",
    ]

    @Test("the emulator answers as Core did", .timeLimit(.minutes(3)), arguments: traces)
    func replay(trace: String) async throws {
        let mismatches = try await TraceReplayer(trace: trace).run()
        #expect(mismatches.isEmpty, "\(trace):\n\(mismatches.joined(separator: "\n"))")
    }
}

struct TraceReplayer {
    let trace: String

    func configuration(recordDirectory: String) -> HeadUnitConfiguration {
        var configuration = HeadUnitConfiguration(port: 0, recordDirectory: recordDirectory)
        // Orders that Core's timing gave are kept by choosing delays far apart (the values are Core's otherwise).
        configuration.quirks.noneAfterVideoNAK = configuration.quirks.noneAfterVideoNAK.map { _ in .milliseconds(20) }
        configuration.quirks.videoStartDelay = .milliseconds(80)
        configuration.quirks.backgroundEndServiceDelay = .milliseconds(400)
        if trace == "pip" {
            configuration.video.additional = [VideoCapability(preferredResolution: VideoSize(width: 320, height: 240))]
        }
        return configuration
    }

    func run() async throws -> [String] {
        let lines = try TraceLine.load(trace)
        let units = try await VideoSource.loaded()
        let directory = try VideoSource.temporaryDirectory()
        let headUnit = HeadUnitEmulator(configuration: configuration(recordDirectory: directory))
        if trace == "nak-fallback" { await headUnit.rejectVideoFormats([.h264RTP]) }
        let port = try await headUnit.start()
        let app = try await TestApp(port: port)
        var mismatches: [String] = []
        var pending: [SDLFrame] = []
        var state = ReplayState()
        do {
            for (number, line) in lines.enumerated() {
                if line.fromApp {
                    try await send(line, app: app, units: units, state: &state)
                    continue
                }
                if let problem = try await trigger(line, at: number, in: lines, headUnit: headUnit, state: &state) {
                    mismatches.append("line \(number + 1) \(line.summary): \(problem)")
                    break
                }
                guard let frame = pending.isEmpty ? await app.nextFrame() : pending.removeFirst() else {
                    mismatches.append("line \(number + 1) \(line.summary): connection closed")
                    break
                }
                var problems = compare(line, frame)
                // The traces' README: two frames Core sends at nearly the same moment (a GetSystemCapability
                // response among the notifications after registration) may come in either order. Accept a swap of
                // two adjacent RPC frames, and nothing wider.
                if !problems.isEmpty, line.header.serviceType == 7, frame.header.serviceType == .rpc,
                    let next = await app.nextFrame()
                {
                    if compare(line, next).isEmpty {
                        problems = []
                        pending.append(frame)
                    } else {
                        pending.append(next)
                    }
                }
                mismatches += problems.map { "line \(number + 1) \(line.summary): \($0)" }
                state.received(line)
            }
        } catch {
            mismatches.append("replay failed: \(error)")
        }
        await app.close()
        await headUnit.stop()
        return mismatches
    }

    struct ReplayState {
        var sawStatus = false
        var sawFull = false
        var nakSinceStatus = false
        var touchCopiesLeft = 0
        var rtp = false
        var unitIndex = 0
        var sequence: UInt16 = 1

        mutating func received(_ line: TraceLine) {
            if line.functionID == 32768, let level = line.json?["hmiLevel"]?.stringValue {
                sawStatus = true
                nakSinceStatus = false
                if level == "FULL" { sawFull = true }
            }
            if line.functionID == 32780 { touchCopiesLeft -= 1 }
            if line.header.frameType == 0, line.header.serviceType == 11, line.header.frameInfo == 3 {
                nakSinceStatus = true
            }
        }
    }

    private func send(_ line: TraceLine, app: TestApp, units: [[UInt8]], state: inout ReplayState) async throws {
        var bytes = line.bytes
        if line.header.frameType == 0, line.header.serviceType == 11, line.header.frameInfo == 1 {
            state.rtp = line.decoded?["videoProtocol"]?.stringValue == "RTP"
            state.unitIndex = 0
        }
        guard line.isData else {
            try await app.sendBytes(bytes)
            return
        }
        let payload: [UInt8]
        if line.header.serviceType == 10 {
            payload = [UInt8](repeating: 0, count: max(0, (line.len ?? 12) - 12))
        } else {
            let unit = units[state.unitIndex % units.count]
            payload = state.rtp ? VideoSource.rtp(unit, index: state.unitIndex, sequence: &state.sequence) : unit
            state.unitIndex += 1
        }
        bytes = Array(bytes.prefix(12))
        let header = FrameHeader(
            version: 5, frameType: .single, serviceType: ServiceType(rawValue: UInt8(line.header.serviceType)),
            frameInfo: 0, sessionID: UInt8(line.header.sessionId), dataSize: 0,
            messageID: UInt32(line.header.messageId ?? 0)
        )
        try await app.send(SDLFrame(header: header, payload: ByteBuffer(bytes: payload)))
    }

    /// Plays the HMI when Core's next frame was the HMI's doing. Returns a problem that ends the replay.
    private func trigger(
        _ line: TraceLine,
        at number: Int,
        in lines: [TraceLine],
        headUnit: HeadUnitEmulator,
        state: inout ReplayState
    ) async throws -> String? {
        let app = AppID(1)
        switch line.functionID {
        case 32768:
            guard let text = line.json?["hmiLevel"]?.stringValue else { return nil }
            let level = HMILevel(rawValue: text)
            let automatic =
                (!state.sawStatus && level == .none) || (!state.sawFull && level == .full)
                || (level == .none && state.nakSinceStatus)
            if !automatic { try await headUnit.setHMILevel(level, for: app) }
        case 32780 where state.touchCopiesLeft <= 0:
            guard let json = line.json, let type = json["type"]?.stringValue.map(TouchType.init(rawValue:)) else {
                return nil
            }
            let fingers = (json["event"]?.arrayValue ?? []).compactMap { event -> SDLRPC.TouchEvent? in
                guard let id = event["id"]?.intValue, let ts = event["ts"]?.arrayValue?.first?.intValue,
                    let c = event["c"]?.arrayValue?.first, let x = c["x"]?.intValue, let y = c["y"]?.intValue
                else { return nil }
                return SDLRPC.TouchEvent(id: Int(id), ts: [Int(ts)], c: [TouchCoord(x: Int(x), y: Int(y))])
            }
            // Core's copies of this touch: the identical notifications that follow before another touch.
            let copies = lines[number...].filter { !$0.fromApp }.prefix { $0.functionID == 32780 && $0.json == json }
                .count
            let sent = try await headUnit.injectTouches([OnTouchEvent(type: type, event: fingers)], to: app)
            state.touchCopiesLeft = sent
            if sent != copies { return "the emulator sent \(sent) OnTouchEvent for one touch, Core sent \(copies)" }
        case 32787:
            guard let json = line.json?["systemCapability"]?["videoStreamingCapability"] else { return nil }
            await headUnit.updateVideoCapability(try VideoCapability(json: json))
        default:
            break
        }
        return nil
    }

    /// Differences between Core's frame and the emulator's, ignoring message ids, hashId and RPC JSON spacing.
    func compare(_ line: TraceLine, _ frame: SDLFrame) -> [String] {
        var problems: [String] = []
        let header = frame.header
        func check<T: Equatable>(_ name: String, _ expected: T, _ got: T) {
            if expected != got { problems.append("\(name): expected \(expected), got \(got)") }
        }
        check("version", line.header.version, Int(header.version))
        check("frameType", line.header.frameType, Int(header.frameType.rawValue))
        check("serviceType", line.header.serviceType, Int(header.serviceType.rawValue))
        check("frameInfo", line.header.frameInfo, Int(header.frameInfo))
        check("sessionId", line.header.sessionId, Int(header.sessionID))
        guard problems.isEmpty else { return problems }
        if header.frameType == .control {
            let expected = line.bsonTypes ?? [:]
            guard frame.payload.readableBytes > 0 else {
                check("payload", expected.isEmpty, true)
                return problems
            }
            guard let document = try? BSONDocument(decoding: frame.payload) else { return ["payload is not BSON"] }
            var types: [String: String] = [:]
            for (key, value) in document.elements { types[key] = traceTypeName(value) }
            check("BSON keys and types", expected, types)
            for (key, value) in document.elements where key != "hashId" {
                check("BSON \(key)", line.decoded?[key] ?? .null, bsonJSON(value))
            }
            return problems
        }
        guard let rpc = try? RPCPayload(decoding: frame.payload) else { return ["payload is not an RPC"] }
        check("rpcType", line.decoded?["rpcType"]?.intValue, Int64(rpc.type.rawValue))
        check("functionId", line.functionID, Int64(rpc.functionID.rawValue))
        check("correlationId", line.decoded?["correlationId"]?.intValue, Int64(rpc.correlationID))
        guard let json = try? JSONValue(parsing: rpc.json) else { return problems + ["RPC JSON does not parse"] }
        if line.functionID == 32776 {
            // OnPermissionsChange depends on the app's policy; the emulator sends the navigation policy's.
            check("JSON keys", line.json?.objectValue?.keys.sorted(), json.objectValue?.keys.sorted())
        } else {
            check("JSON", line.json, json)
        }
        return problems
    }

    private func bsonJSON(_ value: BSONValue) -> JSONValue {
        switch value {
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .document(let d):
            .object(Dictionary(d.elements.map { ($0.key, bsonJSON($0.value)) }, uniquingKeysWith: { a, _ in a }))
        case .array(let v): .array(v.map(bsonJSON))
        case .bool(let v): .bool(v)
        case .int32(let v): .int(Int64(v))
        case .int64(let v): .int(v)
        }
    }
}
