/// Keeps an encoder's output under a head unit's maximum bitrate, and measures by how much it ever went over.
///
/// openh264's rate control usually holds its ceiling, but in screen-content mode it turns every large picture
/// change into an IDR, which can cost more than a second of budget on its own. So the encoder asks this guard
/// before each frame: if the bits sent so far exceed `maxBitrate` x (the presentation time elapsed + the burst
/// allowance), the frame is skipped before it reaches openh264 (which keeps the reference chain intact). Whatever still gets through is
/// measured: ``peakOvershootBits`` is the most the output was ever ahead of its budget plus a one-second burst
/// allowance (``burstAllowance``, like a decoder buffer holding one second at the maximum rate), where each frame
/// counts as lasting until the next one is due. Zero means the ceiling was held.
///
/// ```swift
/// var ceiling = BitrateCeiling(maxBitrate: 600_000, frameRate: 15)
/// if ceiling.allowsFrame(at: .zero) { ceiling.record(bits: 80_000, at: .zero) }
/// print(ceiling.peakOvershootBits) // 0: within the first frame's 40 000 bits plus the one-second allowance
/// ```
public struct BitrateCeiling: Sendable, Hashable {
    /// The ceiling in bits per second.
    public var maxBitrate: Int
    /// The burst the measurement allows on top of the average: one second at the maximum rate.
    public static let burstAllowance = Duration.seconds(1)
    /// Frames per second, for how long one frame lasts.
    public var frameRate: Int
    /// Bits recorded so far.
    public private(set) var bits = 0
    /// The largest amount, in bits, the output has been ahead of the ceiling.
    public private(set) var peakOvershootBits = 0
    private var start: Duration?

    /// Creates a guard with nothing sent yet.
    public init(maxBitrate: Int, frameRate: Int) {
        self.maxBitrate = maxBitrate
        self.frameRate = frameRate
    }

    /// Whether a frame at `time` may be encoded: no bits are owed from before `time`. Also measures the
    /// overshoot up to the end of this frame's slot, so skipped frames count towards the elapsed time.
    public mutating func allowsFrame(at time: Duration) -> Bool {
        if start == nil { start = time }
        let allowed = bits <= budget(until: time + Self.burstAllowance)
        measure(at: time)
        return allowed
    }

    /// Records `bits` of output for the frame at `time`.
    public mutating func record(bits frameBits: Int, at time: Duration) {
        if start == nil { start = time }
        bits += frameBits
        measure(at: time)
    }

    private mutating func measure(at time: Duration) {
        let slotEnd = time + .nanoseconds(1_000_000_000 / Int64(max(frameRate, 1)))
        peakOvershootBits = max(peakOvershootBits, bits - budget(until: slotEnd + Self.burstAllowance))
    }

    private func budget(until time: Duration) -> Int {
        let elapsed = time - (start ?? time)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Int(seconds * Double(maxBitrate))
    }
}
