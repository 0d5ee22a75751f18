/// The 4-bit RPC type at the top of an RPC payload header (PS §5.2.1). Open: 4-15 are reserved and kept.
public struct RPCMessageType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x0F }

    public static let request = RPCMessageType(rawValue: 0x0)
    public static let response = RPCMessageType(rawValue: 0x1)
    public static let notification = RPCMessageType(rawValue: 0x2)
    /// A response whose JSON describes an error.
    public static let erroneousResponse = RPCMessageType(rawValue: 0x3)

    public var description: String {
        switch self {
        case .request: "request"
        case .response: "response"
        case .notification: "notification"
        case .erroneousResponse: "erroneousResponse"
        default: "rpcType(\(rawValue))"
        }
    }
}
