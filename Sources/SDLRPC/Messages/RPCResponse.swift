/// The head unit's answer to an `RPCRequest`.
///
/// Every response carries the same three fields, so code that only needs the outcome can stay generic.
///
/// ```swift
/// func check(_ response: some RPCResponse) -> Bool {
///     response.success && response.resultCode == .success
/// }
/// ```
public protocol RPCResponse: RPCMessage {
    /// Whether the request succeeded. `resultCode` says how: `.warnings` still has `success == true`.
    var success: Bool { get }
    /// The outcome, e.g. `.success`, `.disallowed`, or a code newer than this library.
    var resultCode: ResultCode { get }
    /// Human-readable detail from the head unit, if any.
    var info: String? { get }
}
