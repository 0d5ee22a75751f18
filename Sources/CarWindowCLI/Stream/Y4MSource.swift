import Foundation
import SDLMedia
import SDLRPC

/// A `.y4m` file (YUV4MPEG2, 4:2:0), looped until the run ends, each frame scaled to the stream size with libyuv
/// (``FrameScaler``; a file already at the stream size is passed through untouched).
///
/// ```swift
/// let source = try Y4MSource(path: "clip.y4m")
/// let frame = try source.nextFrame(index: 0, size: ImageResolution(width: 800, height: 480))
/// ```
final class Y4MSource: StreamSource {
    private let path: String
    private var reader: Y4MReader
    private var scaler = FrameScaler()
    private var framesInPass = 0

    /// Opens the file and reads its header.
    ///
    /// - Throws: ``StreamFailure`` when the file cannot be opened or its header is not a 4:2:0 YUV4MPEG2 header.
    init(path: String) throws(StreamFailure) {
        self.path = path
        self.reader = try Self.open(path)
    }

    func frame(index: Int, size: ImageResolution) throws(StreamFailure) -> VideoFrame? {
        var frame = try reader.readFrame()
        if frame == nil {
            // An empty file would loop for ever without a frame: end instead.
            guard framesInPass > 0 else { throw StreamFailure("\(path) holds no frame") }
            reader = try Self.open(path)
            framesInPass = 0
            frame = try reader.readFrame()
        }
        guard let frame else { return nil }
        framesInPass += 1
        do {
            return try scaler.scale(frame, toWidth: size.width, height: size.height)
        } catch {
            throw StreamFailure("cannot scale \(path) to \(size.width)x\(size.height): \(error)")
        }
    }

    private static func open(_ path: String) throws(StreamFailure) -> Y4MReader {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StreamFailure("cannot open \(path)")
        }
        return try Y4MReader(handle: handle, name: path)
    }
}
