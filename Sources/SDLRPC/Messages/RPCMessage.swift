public import SDLWire

/// The JSON parameters of one SDL RPC: a request, a response or a notification.
///
/// Every model is `Codable` in both directions, because both sides of the link use them: the app encodes
/// requests and decodes responses, the head-unit emulator does the opposite. The function id travels in the binary
/// RPC header, not in the JSON, so it is a static property of the type.
///
/// ```swift
/// let id = OnHMIStatus.functionID   // FunctionID.onHMIStatus, 0x8000
/// ```
public protocol RPCMessage: Codable, Sendable {
    /// The function id this message travels under in the RPC payload header.
    static var functionID: FunctionID { get }
}
