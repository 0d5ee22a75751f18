import ArgumentParser
import FrameSources
import SDLMedia
import SDLProjection
import SDLRPC

/// The `--source` value: the built-in test pattern or a file, chosen by its extension.
enum StreamSourceChoice: Hashable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    /// A moving synthetic scene with a frame counter.
    case pattern
    /// A YUV4MPEG2 (`.y4m`) raw video, 4:2:0, scaled to the stream size.
    case y4m(path: String)
    /// An Annex-B H.264 (`.h264`, `.264`) file, decoded by ffmpeg and re-encoded at the stream size.
    case h264(path: String)
    /// CarWindow's sample navigation screen, rendered, touched and given haptic rects by a `WindowSource`
    /// (a `ProjectionSource` of its own, not frame by frame through this protocol).
    case demo

    init?(argument: String) {
        let lowered = argument.lowercased()
        if lowered == "pattern" {
            self = .pattern
        } else if lowered == "demo" {
            self = .demo
        } else if lowered.hasSuffix(".y4m") {
            self = .y4m(path: argument)
        } else if lowered.hasSuffix(".h264") || lowered.hasSuffix(".264") {
            self = .h264(path: argument)
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .pattern: "pattern"
        case .demo: "demo"
        case .y4m(let path), .h264(let path): path
        }
    }

    static var allValueStrings: [String] { ["pattern", "demo", "FILE.y4m", "FILE.h264"] }

    var defaultValueDescription: String { description }

    /// Opens a frame-by-frame source (FrameSources' producers, paced by SDLProjection's `PacedFrameSource`). Called
    /// once before connecting (to fail early on a bad file) and once by the paced loop. To add a source: a
    /// `FrameProducer` in FrameSources, and one case here (with its `init?(argument:)` and `makeProducer()` lines).
    ///
    /// ```swift
    /// let source = try StreamSourceChoice.pattern.makeProducer()
    /// let frame = try source.nextFrame(index: 0, size: ImageResolution(width: 800, height: 480))
    /// ```
    func makeProducer() throws(StreamFailure) -> any FrameProducer {
        do {
            switch self {
            case .pattern: return PatternSource()
            case .demo: throw StreamFailure("the demo source is projected by CarWindow, not read frame by frame")
            case .y4m(let path): return try Y4MSource(path: path)
            case .h264(let path): return try H264FileSource(path: path)
            }
        } catch let failure as StreamFailure {
            throw failure
        } catch let error as FrameSourceError {
            throw StreamFailure(error.message)
        } catch {
            throw StreamFailure("\(error)")
        }
    }
}
