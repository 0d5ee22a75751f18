/// The 3-bit frame type of an SDL frame header (PS §2.3).
///
/// Values 4-7 are reserved; the frame decoder refuses them at the header, before any payload is buffered.
public struct FrameType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x07 }

    /// A control frame: service management, heartbeat, transport events.
    public static let control = FrameType(rawValue: 0)
    /// A whole message in one frame.
    public static let single = FrameType(rawValue: 1)
    /// The first frame of a multi-frame message; its 8-byte payload declares the total size and frame count.
    public static let first = FrameType(rawValue: 2)
    /// A continuation of a multi-frame message.
    public static let consecutive = FrameType(rawValue: 3)

    /// Whether the value is one the spec defines (0-3).
    public var isDefined: Bool { rawValue <= 3 }

    public var description: String {
        switch self {
        case .control: "control"
        case .single: "single"
        case .first: "first"
        case .consecutive: "consecutive"
        default: "reserved(\(rawValue))"
        }
    }
}
