import HeadUnit
import NIOCore
import SDLRPC
import SDLWire

/// Feeds arbitrary bytes to the RPC models' JSON decoding and to the head-unit emulator's handling of an app, and
/// checks the invariants that must hold whatever the bytes are.
///
/// The libFuzzer entry point (`SDLRPCFuzz`) and the bounded randomized test in `HeadUnitTests` both run it. The first
/// byte picks the half:
///
/// - below 0x80, the rest is an RPC payload as it travels (binary header, then JSON). The model the header names (by
///   function id and message type; any model when it names none) decodes the JSON. `RPCCoder` may only fail with
///   `RPCCodingError` (its typed `throws` guarantees that); what is checked is that a decoded model encodes, decodes
///   back to an equal value, and encodes to the same bytes again; and that the emulator's own JSON reader reaches a
///   fixed point.
/// - from 0x80, the rest drives one emulated app session (`AppSessionFuzzing`).
///
/// ```swift
/// let violations = RPCFuzzHarness.exercise(bytes)
/// precondition(violations.isEmpty, violations.joined(separator: "\n"))
/// ```
public enum RPCFuzzHarness {
    /// Runs `input` through the half its first byte picks; returns the invariants that did not hold.
    public static func exercise(_ input: some Collection<UInt8>) -> [String] {
        let bytes = Array(input)
        guard let control = bytes.first else { return [] }
        if control >= 0x80 { return AppSessionFuzzing.exercise(bytes.dropFirst()) }
        let rest = Array(bytes.dropFirst())
        var violations: [String] = []
        let json: [UInt8]
        let model: RPCModel
        if let payload = try? RPCPayload(decoding: ByteBuffer(bytes: rest)) {
            json = payload.json
            model =
                RPCModel.all.first { $0.functionID == payload.functionID && $0.type == payload.type }
                ?? RPCModel.all[Int(payload.functionID.rawValue % UInt32(RPCModel.all.count))]
        } else {
            json = rest
            model = RPCModel.all[Int(control) % RPCModel.all.count]
        }
        if let violation = model.roundTrip(json) { violations.append(violation) }
        if let violation = jsonFixedPoint(json) { violations.append(violation) }
        return violations
    }

    /// The emulator's JSON reader: what it parsed it can write, what it wrote it can read, and one more round
    /// changes nothing (the first may: `1.0` reads as a double and writes as `1`, which reads as an integer).
    static func jsonFixedPoint(_ json: [UInt8]) -> String? {
        guard let value = try? JSONValue(parsing: json) else { return nil }
        let once = value.bytes
        guard let again = try? JSONValue(parsing: once) else {
            return "JSONValue writes JSON it cannot read: \(String(decoding: once, as: UTF8.self))"
        }
        let twice = again.bytes
        guard let third = try? JSONValue(parsing: twice), third.bytes == twice else {
            return "JSONValue re-encoding is not a fixed point: \(String(decoding: twice, as: UTF8.self))"
        }
        return nil
    }
}

/// One generated RPC model, type-erased so the harness can pick it by what an RPC header says.
struct RPCModel: Sendable {
    let functionID: FunctionID
    let type: RPCMessageType
    let roundTrip: @Sendable ([UInt8]) -> String?

    init<Message: RPCMessage & Hashable>(_ message: Message.Type) {
        functionID = Message.functionID
        switch message {
        case is any RPCRequest.Type: type = .request
        case is any RPCResponse.Type: type = .response
        default: type = .notification
        }
        roundTrip = { json in Self.roundTrip(Message.self, json) }
    }

    static let coder = RPCCoder()

    /// Decodes `json` as `Message`; nil when it does not decode (a typed refusal) or round-trips exactly.
    static func roundTrip<Message: RPCMessage & Hashable>(_: Message.Type, _ json: [UInt8]) -> String? {
        guard let value = try? coder.decode(Message.self, from: json) else { return nil }
        let encoded: [UInt8]
        do {
            encoded = try coder.encode(value)
        } catch {
            return "\(Message.self) decoded but does not encode: \(error)"
        }
        let again: Message
        do {
            again = try coder.decode(Message.self, from: encoded)
        } catch {
            return "\(Message.self) does not decode its own encoding: \(error)"
        }
        if again != value { return "\(Message.self) does not round trip: \(value) became \(again)" }
        if (try? coder.encode(again)) != encoded { return "\(Message.self) encoding is not stable" }
        return nil
    }

    /// Every generated request, response and notification.
    static let all: [RPCModel] = [
        RPCModel(GenericResponse.self),
        RPCModel(GetSystemCapability.self), RPCModel(GetSystemCapabilityResponse.self),
        RPCModel(GetVehicleData.self), RPCModel(GetVehicleDataResponse.self),
        RPCModel(OnAppCapabilityUpdated.self), RPCModel(OnAppInterfaceUnregistered.self),
        RPCModel(OnDriverDistraction.self), RPCModel(OnHMIStatus.self), RPCModel(OnHashChange.self),
        RPCModel(OnKeyboardInput.self), RPCModel(OnLanguageChange.self), RPCModel(OnPermissionsChange.self),
        RPCModel(OnSystemCapabilityUpdated.self), RPCModel(OnSystemRequest.self), RPCModel(OnTouchEvent.self),
        RPCModel(OnVehicleData.self),
        RPCModel(PerformInteraction.self), RPCModel(PerformInteractionResponse.self),
        RPCModel(RegisterAppInterface.self), RPCModel(RegisterAppInterfaceResponse.self),
        RPCModel(SendHapticData.self), RPCModel(SendHapticDataResponse.self),
        RPCModel(SetGlobalProperties.self), RPCModel(SetGlobalPropertiesResponse.self),
        RPCModel(SubscribeVehicleData.self), RPCModel(SubscribeVehicleDataResponse.self),
        RPCModel(UnregisterAppInterface.self), RPCModel(UnregisterAppInterfaceResponse.self),
    ]
}
