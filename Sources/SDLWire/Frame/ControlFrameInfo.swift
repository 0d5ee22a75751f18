/// The frame info byte of a control frame (PS §2.3, §3.1.2). Open: unknown values are kept and reported.
public struct ControlFrameInfo: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Heartbeat, protocol 3 only (deprecated from v4, PS §4.5).
    public static let heartbeat = ControlFrameInfo(rawValue: 0x00)
    public static let startService = ControlFrameInfo(rawValue: 0x01)
    public static let startServiceACK = ControlFrameInfo(rawValue: 0x02)
    public static let startServiceNAK = ControlFrameInfo(rawValue: 0x03)
    /// Normally app to head unit; SDL Core also sends it when streaming is no longer allowed.
    public static let endService = ControlFrameInfo(rawValue: 0x04)
    public static let endServiceACK = ControlFrameInfo(rawValue: 0x05)
    public static let endServiceNAK = ControlFrameInfo(rawValue: 0x06)
    /// Sent by the app on the secondary transport.
    public static let registerSecondaryTransport = ControlFrameInfo(rawValue: 0x07)
    public static let registerSecondaryTransportACK = ControlFrameInfo(rawValue: 0x08)
    public static let registerSecondaryTransportNAK = ControlFrameInfo(rawValue: 0x09)
    /// Head unit to app on the primary transport, after the RPC service started.
    public static let transportEventUpdate = ControlFrameInfo(rawValue: 0xFD)
    /// Deprecated.
    public static let serviceDataACK = ControlFrameInfo(rawValue: 0xFE)
    public static let heartbeatACK = ControlFrameInfo(rawValue: 0xFF)

    /// Whether the spec defines this value.
    public var isDefined: Bool { rawValue <= 0x09 || rawValue >= 0xFD }

    public var description: String {
        switch self {
        case .heartbeat: "Heartbeat"
        case .startService: "StartService"
        case .startServiceACK: "StartServiceACK"
        case .startServiceNAK: "StartServiceNAK"
        case .endService: "EndService"
        case .endServiceACK: "EndServiceACK"
        case .endServiceNAK: "EndServiceNAK"
        case .registerSecondaryTransport: "RegisterSecondaryTransport"
        case .registerSecondaryTransportACK: "RegisterSecondaryTransportACK"
        case .registerSecondaryTransportNAK: "RegisterSecondaryTransportNAK"
        case .transportEventUpdate: "TransportEventUpdate"
        case .serviceDataACK: "ServiceDataACK"
        case .heartbeatACK: "HeartbeatACK"
        default: "ControlFrameInfo(0x\(String(rawValue, radix: 16)))"
        }
    }
}
