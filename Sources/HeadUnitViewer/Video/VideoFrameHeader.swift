/// The header in front of every binary WebSocket message: one picture for the page.
///
/// ```
///  0      1      2             4             6             8
///  +------+------+-------------+-------------+-------------+
///  | kind | flags| header len  |   width     |   height    |
///  +------+------+-------------+-------------+-------------+
///  8                           12                          16
///  |     sequence number       |  frames dropped (client)  |
///  16                                                      24
///  |  presentation time, ms (Float64, stream time)         |
///  24                                                      32
///  |  arrival time, ms since 1970 (Float64, head unit)     |
///  32                                                      40
///  |  send time, ms since 1970 (Float64, server)           |
///  +-------------------------------------------------------+
///  40: payload (Annex-B access unit, or a JPEG image)
/// ```
///
/// All fields are big-endian (`DataView`'s default). `kind` is 1 for H.264 Annex-B, 2 for JPEG; flags bit 0 marks
/// a keyframe, bit 1 a replay (a picture from the keyframe cache sent to a browser that just joined, not live).
/// The page skips `header len` bytes to reach the payload, so fields can be added at the end.
///
/// ```swift
/// let header = VideoFrameHeader(kind: .h264, isKeyframe: true, width: 800, height: 480, sequence: 0,
///     droppedFrames: 0, presentationTime: 0, arrivalTime: 1.7e12, sendTime: 1.7e12)
/// let bytes = header.encoded() + payload
/// ```
public struct VideoFrameHeader: Sendable, Hashable {
    /// What the payload is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// An H.264 Annex-B access unit.
        case h264 = 1
        /// A JPEG image decoded on the server.
        case jpeg = 2
    }

    /// The header size this version writes.
    public static let size = 40
    /// Flag bit 0: the payload starts a decodable sequence.
    public static let keyframeFlag: UInt8 = 0x01
    /// Flag bit 1: the picture is replayed from the cache, so its arrival time says nothing about latency.
    public static let replayFlag: UInt8 = 0x02

    public var kind: Kind
    public var isKeyframe: Bool
    /// Whether the picture is a replay from the keyframe cache rather than live.
    public var isReplay: Bool
    public var width: UInt16
    public var height: UInt16
    /// The access unit's index in the stream (wraps at 2^32).
    public var sequence: UInt32
    /// How many pictures the server dropped for this browser so far.
    public var droppedFrames: UInt32
    /// Stream time in milliseconds.
    public var presentationTime: Double
    /// Wall-clock arrival at the head unit, ms since 1970.
    public var arrivalTime: Double
    /// Wall-clock time the server wrote the message, ms since 1970.
    public var sendTime: Double

    /// Creates a header.
    public init(
        kind: Kind, isKeyframe: Bool, isReplay: Bool = false, width: UInt16, height: UInt16, sequence: UInt32,
        droppedFrames: UInt32,
        presentationTime: Double, arrivalTime: Double, sendTime: Double
    ) {
        self.kind = kind
        self.isKeyframe = isKeyframe
        self.isReplay = isReplay
        self.width = width
        self.height = height
        self.sequence = sequence
        self.droppedFrames = droppedFrames
        self.presentationTime = presentationTime
        self.arrivalTime = arrivalTime
        self.sendTime = sendTime
    }

    /// The 40 header bytes.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        bytes.append(kind.rawValue)
        bytes.append((isKeyframe ? Self.keyframeFlag : 0) | (isReplay ? Self.replayFlag : 0))
        Self.append(UInt16(Self.size), to: &bytes)
        Self.append(width, to: &bytes)
        Self.append(height, to: &bytes)
        Self.append(sequence, to: &bytes)
        Self.append(droppedFrames, to: &bytes)
        Self.append(presentationTime.bitPattern, to: &bytes)
        Self.append(arrivalTime.bitPattern, to: &bytes)
        Self.append(sendTime.bitPattern, to: &bytes)
        return bytes
    }

    /// Reads a header back; `nil` when `bytes` is too short or the kind is unknown.
    public init?(decoding bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(Self.size))
        guard bytes.count == Self.size, let kind = Kind(rawValue: bytes[0]) else { return nil }
        func integer<T: FixedWidthInteger>(_ offset: Int, as: T.Type) -> T {
            bytes[offset..<offset + MemoryLayout<T>.size].reduce(T.zero) { $0 << 8 | T($1) }
        }
        self.kind = kind
        self.isKeyframe = bytes[1] & Self.keyframeFlag != 0
        self.isReplay = bytes[1] & Self.replayFlag != 0
        self.width = integer(4, as: UInt16.self)
        self.height = integer(6, as: UInt16.self)
        self.sequence = integer(8, as: UInt32.self)
        self.droppedFrames = integer(12, as: UInt32.self)
        self.presentationTime = Double(bitPattern: integer(16, as: UInt64.self))
        self.arrivalTime = Double(bitPattern: integer(24, as: UInt64.self))
        self.sendTime = Double(bitPattern: integer(32, as: UInt64.self))
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        var bigEndian = value.bigEndian
        withUnsafeBytes(of: &bigEndian) { bytes.append(contentsOf: $0) }
    }
}
