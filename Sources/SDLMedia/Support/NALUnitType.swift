/// The 5-bit `nal_unit_type` of an H.264 NAL unit header (H.264 Table 7-1, RFC 6184 §5.2).
///
/// An open set: unknown values are kept, not rejected.
///
/// ```swift
/// let type = NALUnitType(header: 0x65) // .idrSlice
/// ```
public struct NALUnitType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x1F }
    /// The type of a NAL unit whose first (header) byte is `header`.
    public init(header: UInt8) { self.init(rawValue: header) }

    /// A slice of a non-IDR picture.
    public static let slice = NALUnitType(rawValue: 1)
    /// A slice of an IDR picture: decoding can start here.
    public static let idrSlice = NALUnitType(rawValue: 5)
    /// Supplemental enhancement information.
    public static let sei = NALUnitType(rawValue: 6)
    /// Sequence parameter set.
    public static let sps = NALUnitType(rawValue: 7)
    /// Picture parameter set.
    public static let pps = NALUnitType(rawValue: 8)
    /// Access unit delimiter.
    public static let accessUnitDelimiter = NALUnitType(rawValue: 9)
    /// RTP single-time aggregation packet (RFC 6184 §5.7.1).
    public static let stapA = NALUnitType(rawValue: 24)
    /// RTP fragmentation unit A (RFC 6184 §5.8).
    public static let fuA = NALUnitType(rawValue: 28)

    public var description: String {
        switch self {
        case .slice: "slice"
        case .idrSlice: "IDR"
        case .sei: "SEI"
        case .sps: "SPS"
        case .pps: "PPS"
        case .accessUnitDelimiter: "AUD"
        case .stapA: "STAP-A"
        case .fuA: "FU-A"
        default: "type \(rawValue)"
        }
    }
}
