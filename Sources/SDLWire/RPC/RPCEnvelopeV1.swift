import Foundation

/// The protocol 1 RPC form (PS §5.2.1): no binary header; the JSON carries the kind, name and
/// correlation id around the parameters:
///
/// ```json
/// {"request": {"name": "RegisterAppInterface", "correlationID": 1, "parameters": {...}}}
/// ```
///
/// CarWindow speaks protocol 5, but a head unit that only knows protocol 1 answers this way, and the emulator can
/// answer a v1 client in kind.
public struct RPCEnvelopeV1: Hashable, Sendable {
    /// Protocol 1 correlation ids stop at 65535 (PS §5.2.1).
    public static let maximumCorrelationID = 65_535

    public var type: RPCMessageType
    public var name: String
    public var correlationID: Int?
    /// The parameters object, as JSON bytes.
    public var parameters: [UInt8]

    public init(type: RPCMessageType, name: String, correlationID: Int?, parameters: [UInt8]) {
        self.type = type
        self.name = name
        self.correlationID = correlationID
        self.parameters = parameters
    }

    private static func key(for type: RPCMessageType) -> String {
        switch type {
        case .request: "request"
        case .notification: "notification"
        default: "response"
        }
    }

    /// The correlation id an envelope names even when it does not decode as a whole (parameters that are not an
    /// object, no name, an unknown kind), so a peer can answer the request that failed rather than under 0; `nil`
    /// when the JSON does not parse or names no id.
    ///
    /// ```swift
    /// RPCEnvelopeV1.correlationID(in: Array(#"{"request":{"correlationID":7,"parameters":[]}}"#.utf8))   // 7
    /// ```
    public static func correlationID(in bytes: [UInt8]) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
            let top = object as? [String: Any], top.count == 1,
            let inner = top.first?.value as? [String: Any],
            let number = inner["correlationID"] as? NSNumber,
            // Read as `init(decoding:)` reads it; an id outside 32 bits names no request a header could carry.
            UInt32(exactly: number.doubleValue) != nil
        else { return nil }
        return number.intValue
    }

    /// Reads an envelope.
    public init(decoding bytes: [UInt8]) throws(SDLWireError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw SDLWireError(.malformedRPCPayload("protocol 1 JSON does not parse"))
        }
        guard let top = object as? [String: Any], top.count == 1, let (kind, body) = top.first,
            let inner = body as? [String: Any]
        else {
            throw SDLWireError(.malformedRPCPayload("protocol 1 JSON is not {kind: {...}}"))
        }
        switch kind {
        case "request": type = .request
        case "response": type = .response
        case "notification": type = .notification
        default: throw SDLWireError(.malformedRPCPayload("protocol 1 kind '\(kind)'"))
        }
        guard let name = inner["name"] as? String else {
            throw SDLWireError(.malformedRPCPayload("protocol 1 envelope without a name"))
        }
        self.name = name
        self.correlationID = (inner["correlationID"] as? NSNumber)?.intValue
        // PS §5.2.1 (and every library) puts an object here; an array or a string is not an RPC's parameters.
        guard let parameters = (inner["parameters"] ?? [String: Any]()) as? [String: Any],
            JSONSerialization.isValidJSONObject(parameters),
            let data = try? JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys])
        else {
            throw SDLWireError(.malformedRPCPayload("protocol 1 parameters are not an object"))
        }
        self.parameters = Array(data)
    }

    /// The envelope's JSON bytes. The parameters are spliced in as they are, so their key order is kept.
    public func encoded() -> [UInt8] {
        var text = #"{""# + Self.key(for: type) + #"":{"name":"#
        text += Self.quoted(name)
        if let correlationID { text += #","correlationID":\#(correlationID)"# }
        text += #","parameters":"#
        var bytes = Array(text.utf8)
        bytes += parameters.isEmpty ? Array("{}".utf8) : parameters
        bytes += Array("}}".utf8)
        return bytes
    }

    private static func quoted(_ text: String) -> String {
        // JSONSerialization escapes exactly as JSON requires; wrapping in an array avoids the top-level restriction.
        guard let data = try? JSONSerialization.data(withJSONObject: [text]),
            let array = String(data: data, encoding: .utf8)
        else { return "\"\"" }
        return String(array.dropFirst().dropLast())
    }
}
