/// An H.264 level: the limits on frame size, macroblock rate and bitrate a decoder must meet (H.264 Table A-1).
///
/// ```swift
/// let level = H264Level.minimum(width: 1280, height: 720, frameRate: 15, bitrate: 1_500_000)
/// print(level) // 3.1
/// ```
public struct H264Level: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `level_idc` as written in the SPS: ten times the level number (31 for level 3.1).
    public let idc: Int
    /// Maximum macroblocks per second (MaxMBPS).
    public let maxMacroblocksPerSecond: Int
    /// Maximum frame size in macroblocks (MaxFS).
    public let maxFrameSize: Int
    /// Maximum video bitrate in bits per second for Baseline and Main (MaxBR x 1000).
    public let maxBitrate: Int

    public var description: String { "\(idc / 10).\(idc % 10)" }
    public static func < (lhs: H264Level, rhs: H264Level) -> Bool { lhs.idc < rhs.idc }

    /// H.264 Table A-1, without level 1b (which only Baseline reaches through a flag).
    public static let all: [H264Level] = [
        (10, 1_485, 99, 64), (11, 3_000, 396, 192), (12, 6_000, 396, 384), (13, 11_880, 396, 768),
        (20, 11_880, 396, 2_000), (21, 19_800, 792, 4_000), (22, 20_250, 1_620, 4_000),
        (30, 40_500, 1_620, 10_000), (31, 108_000, 3_600, 14_000), (32, 216_000, 5_120, 20_000),
        (40, 245_760, 8_192, 20_000), (41, 245_760, 8_192, 50_000), (42, 522_240, 8_704, 50_000),
        (50, 589_824, 22_080, 135_000), (51, 983_040, 36_864, 240_000), (52, 2_073_600, 36_864, 240_000),
    ].map { H264Level(idc: $0.0, maxMacroblocksPerSecond: $0.1, maxFrameSize: $0.2, maxBitrate: $0.3 * 1000) }

    /// The lowest level that allows `width` x `height` at `frameRate` frames per second and `bitrate` bits per
    /// second, or `nil` when even level 5.2 is not enough.
    public static func minimum(width: Int, height: Int, frameRate: Int, bitrate: Int) -> H264Level? {
        let widthMBs = (width + 15) / 16
        let heightMBs = (height + 15) / 16
        let frameSize = widthMBs * heightMBs
        let rate = frameSize * frameRate
        return all.first { level in
            // A.3.1: neither side may exceed sqrt(8 x MaxFS) macroblocks.
            let side = Int((Double(8 * level.maxFrameSize)).squareRoot())
            return frameSize <= level.maxFrameSize && widthMBs <= side && heightMBs <= side
                && rate <= level.maxMacroblocksPerSecond && bitrate <= level.maxBitrate
        }
    }
}
