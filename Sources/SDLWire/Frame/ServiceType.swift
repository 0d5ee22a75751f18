/// The service a frame belongs to (PS §2.3). Open: unknown values are kept so they can be reported.
///
/// Lower service numbers have higher send priority (PS §5), which is why audio (0x0A) goes before video (0x0B).
public struct ServiceType: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Control service 0x00: service start/end, heartbeat, secondary transport, security queries.
    public static let control = ServiceType(rawValue: 0x00)
    /// RPC service 0x07.
    public static let rpc = ServiceType(rawValue: 0x07)
    /// Audio service 0x0A: raw PCM.
    public static let audio = ServiceType(rawValue: 0x0A)
    /// Video service 0x0B: H.264, RAW (Annex-B) or RTP.
    public static let video = ServiceType(rawValue: 0x0B)
    /// Bulk data ("hybrid") service 0x0F: RPCs with binary data after the JSON.
    public static let bulk = ServiceType(rawValue: 0x0F)

    /// Whether the spec defines this service type.
    public var isDefined: Bool { [0x00, 0x07, 0x0A, 0x0B, 0x0F].contains(rawValue) }

    public static func < (lhs: ServiceType, rhs: ServiceType) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .control: "control"
        case .rpc: "rpc"
        case .audio: "audio"
        case .video: "video"
        case .bulk: "bulk"
        default: "service(0x\(String(rawValue, radix: 16)))"
        }
    }
}
