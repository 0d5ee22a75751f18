import Foundation
public import SDLMedia
public import SDLProjection
public import SDLRPC

/// A `.y4m` file (YUV4MPEG2, 4:2:0), looped until the run ends, each frame scaled to the stream size with libyuv
/// (``FrameScaler``; a file already at the stream size is passed through untouched).
///
/// ```swift
/// let source = try Y4MSource(path: "clip.y4m")
/// let frame = try source.nextFrame(index: 0, size: ImageResolution(width: 800, height: 480))
/// ```
public final class Y4MSource: FrameProducer {
    private let path: String
    private var reader: Y4MReader
    private var scaler = FrameScaler()
    private var framesInPass = 0

    /// Opens the file and reads its header.
    ///
    /// - Throws: ``FrameSourceError`` when the file cannot be opened or its header is not a 4:2:0 YUV4MPEG2 header.
    public init(path: String) throws(FrameSourceError) {
        self.path = path
        self.reader = try Self.open(path)
    }

    /// Frame number `index` at `size`, or `nil` when the source has ended.
    public func frame(index: Int, size: ImageResolution) throws(FrameSourceError) -> VideoFrame? {
        var frame = try reader.readFrame()
        if frame == nil {
            // An empty file would loop for ever without a frame: end instead.
            guard framesInPass > 0 else { throw FrameSourceError("\(path) holds no frame") }
            reader = try Self.open(path)
            framesInPass = 0
            frame = try reader.readFrame()
        }
        guard let frame else { return nil }
        framesInPass += 1
        do {
            return try scaler.scale(frame, toWidth: size.width, height: size.height)
        } catch {
            throw FrameSourceError("cannot scale \(path) to \(size.width)x\(size.height): \(error)")
        }
    }

    private static func open(_ path: String) throws(FrameSourceError) -> Y4MReader {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FrameSourceError("cannot open \(path)")
        }
        return try Y4MReader(handle: handle, name: path)
    }

    /// The frame as a ``FrameProducer`` gives it: a failure ends the run as `sourceFailed` with its message.
    public func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? {
        do { return try frame(index: index, size: size) } catch { throw error.projectionFailure }
    }
}
