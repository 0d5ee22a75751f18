import Foundation
import SDLWire

/// Turns RPC models into the JSON parameters of an RPC payload and back.
///
/// The JSON is what follows the 12-byte binary RPC header (PS §5.2.1); the header itself is SDLWire's job.
/// Encoding writes sorted keys and leaves `/` unescaped, so the bytes are stable and URLs read as sent.
/// Decoding ignores keys the model does not know (newer head units add them), accepts JSON integers for
/// spec `Float` fields and integral numbers like `1.0` for `Integer` fields, and treats empty parameters as `{}`.
///
/// ```swift
/// let coder = RPCCoder()
/// let bytes = try coder.encode(GetSystemCapability(systemCapabilityType: .videoStreaming))
/// // bytes == Array(#"{"systemCapabilityType":"VIDEO_STREAMING"}"#.utf8)
/// let status = try coder.decode(OnHMIStatus.self, from: payloadJSON)
/// ```
public struct RPCCoder: Sendable {
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// Creates a coder. It holds no state between calls, so one can be shared freely.
    public init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        decoder = JSONDecoder()
    }

    /// Encodes a model as JSON parameter bytes.
    ///
    /// - Parameter message: the request, response or notification to encode.
    /// - Returns: UTF-8 JSON with sorted keys.
    /// - Throws: `RPCCodingError` of kind `.encodingFailed`, naming the key path, e.g. for a non-finite `Double`.
    public func encode<Message: RPCMessage>(_ message: Message) throws(RPCCodingError) -> [UInt8] {
        do {
            return Array(try encoder.encode(message))
        } catch let error as EncodingError {
            let (path, detail): ([any CodingKey], String)
            switch error {
            case .invalidValue(_, let context):
                (path, detail) = (context.codingPath, context.debugDescription)
            @unknown default:
                (path, detail) = ([], String(describing: error))
            }
            throw Self.error(.encodingFailed, Message.self, path: path, detail: detail)
        } catch {
            throw Self.error(.encodingFailed, Message.self, path: [], detail: String(describing: error))
        }
    }

    /// Decodes a model from JSON parameter bytes.
    ///
    /// - Parameters:
    ///   - type: the model to decode, e.g. `OnHMIStatus.self`.
    ///   - bytes: the JSON parameters; empty means no parameters, as for `{}`.
    /// - Returns: the model. Unknown keys are ignored; unknown enum values are kept.
    /// - Throws: `RPCCodingError` naming the model, its function id and the key path at fault.
    public func decode<Message: RPCMessage>(
        _ type: Message.Type,
        from bytes: [UInt8]
    ) throws(RPCCodingError) -> Message {
        let json = bytes.isEmpty ? Data("{}".utf8) : Data(bytes)
        do {
            return try decoder.decode(Message.self, from: json)
        } catch let error as DecodingError {
            throw Self.error(from: error, Message.self, json: json)
        } catch {
            throw Self.error(.invalidJSON, Message.self, path: [], detail: String(describing: error))
        }
    }

    private static func error(
        from error: DecodingError,
        _ type: (some RPCMessage).Type,
        json: Data
    ) -> RPCCodingError {
        switch error {
        case .keyNotFound(let key, let context):
            return Self.error(.missingKey, type, path: context.codingPath + [key], detail: context.debugDescription)
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            // An empty path means the top level was not an object: the bytes are not RPC parameters at all.
            let kind: RPCCodingError.Kind = context.codingPath.isEmpty ? .invalidJSON : .typeMismatch
            return Self.error(kind, type, path: context.codingPath, detail: context.debugDescription)
        case .dataCorrupted(let context) where context.codingPath.isEmpty && isJSON(json):
            // Foundation reports a number that does not fit its field (1.5 or 1e30 for an Int) as corrupt data with
            // no path. The JSON itself is fine, so say so rather than blame the syntax.
            let detail = "a number does not fit its field (not integral, or out of range); " + context.debugDescription
            return Self.error(.invalidValue, type, path: [], detail: detail)
        case .dataCorrupted(let context):
            let kind: RPCCodingError.Kind = context.codingPath.isEmpty ? .invalidJSON : .invalidValue
            return Self.error(kind, type, path: context.codingPath, detail: context.debugDescription)
        @unknown default:
            return Self.error(.invalidJSON, type, path: [], detail: String(describing: error))
        }
    }

    private static func error(
        _ kind: RPCCodingError.Kind,
        _ type: (some RPCMessage).Type,
        path: [any CodingKey],
        detail: String
    ) -> RPCCodingError {
        RPCCodingError(
            kind: kind,
            messageType: String(describing: type),
            functionID: type.functionID,
            keyPath: keyPath(path),
            detail: detail
        )
    }

    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }

    /// `[systemCapability, displayCapabilities, 0, windowID]` -> `"systemCapability.displayCapabilities[0].windowID"`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
