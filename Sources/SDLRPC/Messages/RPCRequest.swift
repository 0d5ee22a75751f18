/// A request an app sends to the head unit; the head unit answers with one `Response`.
///
/// ```swift
/// let request = GetSystemCapability(systemCapabilityType: .videoStreaming, subscribe: true)
/// let bytes = try RPCCoder().encode(request)
/// // ... later, for the response with the same correlation id:
/// let response = try RPCCoder().decode(GetSystemCapability.Response.self, from: responseBytes)
/// ```
public protocol RPCRequest: RPCMessage {
    /// The response type the head unit answers this request with (same function id).
    associatedtype Response: RPCResponse
}
