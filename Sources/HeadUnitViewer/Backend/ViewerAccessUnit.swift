import SDLMedia

/// One H.264 access unit (a whole picture) as the head unit received it.
///
/// The bytes are Annex-B: NAL units each behind a `00 00 01` or `00 00 00 01` start code. A keyframe (IDR) should
/// carry its SPS and PPS in front; the viewer adds the last ones it saw when it does not.
///
/// ```swift
/// let unit = ViewerAccessUnit(
///     bytes: annexB, presentationTime: .milliseconds(33), arrivalTime: .now, width: 800, height: 480,
///     format: .h264RAW)
/// ```
public struct ViewerAccessUnit: Sendable, Hashable {
    /// The Annex-B bytes.
    public var bytes: [UInt8]
    /// The stream's own time for this picture (from RTP, or counted by the emulator for RAW).
    public var presentationTime: Duration
    /// When the head unit had the whole access unit, on the wall clock; the start of the latency the page shows.
    public var arrivalTime: WallClockTime
    /// The picture width in pixels.
    public var width: Int
    /// The picture height in pixels.
    public var height: Int
    /// The format the app streams in.
    public var format: ViewerVideoFormat
    /// Whether the unit holds an IDR picture; computed from the NAL unit types.
    public let isKeyframe: Bool

    /// Creates an access unit; whether it is a keyframe is read from its NAL units.
    public init(
        bytes: [UInt8], presentationTime: Duration, arrivalTime: WallClockTime, width: Int, height: Int,
        format: ViewerVideoFormat = .h264RAW
    ) {
        self.bytes = bytes
        self.presentationTime = presentationTime
        self.arrivalTime = arrivalTime
        self.width = width
        self.height = height
        self.format = format
        self.isKeyframe = AnnexB.nalUnitTypes(in: bytes).contains(.idrSlice)
    }
}
