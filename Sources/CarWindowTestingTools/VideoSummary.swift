/// The size and decoded frame count of a video stream, as ``VideoProbe`` reads them.
///
/// Compare it whole, so a failure shows all three numbers:
///
/// ```swift
/// let summary = try await VideoProbe().summary(of: recording)
/// #expect(summary == VideoSummary(width: 800, height: 480, frames: 30))
/// ```
public struct VideoSummary: Hashable, Sendable, CustomStringConvertible {
    /// The coded picture width, in pixels.
    public var width: Int
    /// The coded picture height, in pixels.
    public var height: Int
    /// How many frames ffprobe decoded (`nb_read_frames`), not how many the container claims.
    public var frames: Int

    public init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// `800x480, 30 frames`.
    public var description: String { "\(width)x\(height), \(frames) frames" }
}
