public import SDLWire

/// Why an RPC's JSON parameters could not be encoded or decoded, with the message type and the key path at fault.
///
/// This is SDLRPC's one public error type. `kind` is an open set so new kinds can be added without breaking
/// `switch` statements; the other fields are diagnostics for logs and for the `resultCode` a head unit answers with
/// (`INVALID_DATA` for every kind but `encodingFailed`).
///
/// ```swift
/// do {
///     _ = try RPCCoder().decode(OnHMIStatus.self, from: Array(#"{"hmiLevel":"FULL"}"#.utf8))
/// } catch {
///     print(error)   // OnHMIStatus (function 0x8000 OnHMIStatus): missing key at audioStreamingState
///     error.kind     // .missingKey
///     error.keyPath  // "audioStreamingState"
/// }
/// ```
public struct RPCCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as an open set of named kinds.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The bytes are not a JSON object (malformed, not UTF-8, or a JSON value of another kind).
        public static let invalidJSON = Kind(rawValue: "invalid JSON")
        /// A mandatory key is absent.
        public static let missingKey = Kind(rawValue: "missing key")
        /// A key holds a JSON value of the wrong type, or `null` where a value is mandatory.
        public static let typeMismatch = Kind(rawValue: "type mismatch")
        /// A key holds a value of the right JSON type that the model cannot represent. For a number that does not
        /// fit (1.5 or 1e30 for an Integer) the key path is empty: Foundation's decoder does not report where.
        public static let invalidValue = Kind(rawValue: "invalid value")
        /// The model could not be encoded (e.g. a non-finite Double, which JSON cannot carry).
        public static let encodingFailed = Kind(rawValue: "encoding failed")
    }

    /// What went wrong.
    public var kind: Kind
    /// The Swift model type involved, e.g. `"RegisterAppInterfaceResponse"`: names the function and the message kind.
    public var messageType: String
    /// The function id of that model.
    public var functionID: FunctionID
    /// Where in the JSON: dot-separated keys with array indices, e.g. `"systemCapability.displayCapabilities[0]"`;
    /// empty for the top level.
    public var keyPath: String
    /// The decoder's or encoder's own explanation, for logs.
    public var detail: String

    /// Creates an error; `RPCCoder` is the usual source.
    public init(kind: Kind, messageType: String, functionID: FunctionID, keyPath: String, detail: String) {
        self.kind = kind
        self.messageType = messageType
        self.functionID = functionID
        self.keyPath = keyPath
        self.detail = detail
    }

    public var description: String {
        let function =
            "function 0x\(String(functionID.rawValue, radix: 16, uppercase: true)) \(functionID.name ?? "unknown")"
        let location = keyPath.isEmpty ? "at the top level" : "at \(keyPath)"
        return "\(messageType) (\(function)): \(kind) \(location)"
    }
}
