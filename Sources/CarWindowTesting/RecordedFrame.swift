public import HeadUnit

/// One video frame the emulator received and recorded: which app, which of its video streams, which frame of it.
///
/// Marks order the frames of an app: ``EmulatorFixture/nextFrame(after:timeout:)`` waits for the one after a mark,
/// and ``EmulatorFixture/decode(_:)`` reads a mark's picture back from the recording.
///
/// ```swift
/// let before = try await emulator.firstFrame(timeout: .seconds(10))
/// let after = try await emulator.nextFrame(after: before, timeout: .seconds(5))
/// ```
public struct RecordedFrame: Hashable, Sendable, CustomStringConvertible {
    /// The app that sent it.
    public var app: AppID
    /// The app's video stream, from 1: a resize or a new HMI level starts another (the `videoN` of the recording).
    public var stream: Int
    /// The frame's position in its stream, from 0.
    public var index: Int
    /// The stream's size in pixels.
    public var size: VideoSize

    public init(app: AppID, stream: Int, index: Int, size: VideoSize) {
        self.app = app
        self.stream = stream
        self.index = index
        self.size = size
    }

    /// Whether this frame came later than `other` from the same app.
    public func isAfter(_ other: RecordedFrame) -> Bool {
        app == other.app && (stream, index) > (other.stream, other.index)
    }

    public var description: String { "\(app) video\(stream) frame \(index) (\(size))" }
}
