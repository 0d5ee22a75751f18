import Foundation
public import SDLMedia
public import SDLProjection
public import SDLRPC

/// An Annex-B `.h264` file, decoded to raw I420 by an `ffmpeg` subprocess (as a YUV4MPEG2 pipe read by
/// ``Y4MReader``), looped until the run ends, and re-encoded by the stream's encoder at the negotiated size.
///
/// Every file is re-encoded, even one whose SPS already has the negotiated size: the manager owns the encoder (the
/// IDR after a resume or a resize, the negotiated bit rate), so sending the file's own access units would bypass it.
///
/// ```swift
/// let source = try H264FileSource(path: "drive.h264")
/// ```
public final class H264FileSource: FrameProducer {
    /// Where ffmpeg is looked for, in order.
    static let ffmpegCandidates = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg", "/opt/homebrew/bin/ffmpeg"]

    private let path: String
    private let ffmpeg: String
    private var decoder: (process: Process, reader: Y4MReader)?
    private var scaler = FrameScaler()
    private var framesInPass = 0

    /// Checks the file and ffmpeg, and starts decoding.
    ///
    /// - Throws: ``FrameSourceError`` when the file is missing, ffmpeg is not installed, or ffmpeg cannot decode it.
    public init(path: String) throws(FrameSourceError) {
        guard FileManager.default.isReadableFile(atPath: path) else { throw FrameSourceError("cannot open \(path)") }
        guard let ffmpeg = Self.ffmpegCandidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw FrameSourceError("decoding \(path) needs ffmpeg (apt-get install ffmpeg)")
        }
        self.path = path
        self.ffmpeg = ffmpeg
        self.decoder = try startDecoder()
    }

    deinit { decoder?.process.terminate() }

    /// Frame number `index` at `size`, or `nil` when the source has ended.
    public func frame(index: Int, size: ImageResolution) throws(FrameSourceError) -> VideoFrame? {
        var frame = try decoder?.reader.readFrame()
        if frame == nil {
            decoder?.process.waitUntilExit()
            guard framesInPass > 0 else { throw FrameSourceError("ffmpeg decoded no frame from \(path)") }
            decoder = try startDecoder()
            framesInPass = 0
            frame = try decoder?.reader.readFrame()
        }
        guard let frame else { return nil }
        framesInPass += 1
        do {
            return try scaler.scale(frame, toWidth: size.width, height: size.height)
        } catch {
            throw FrameSourceError("cannot scale \(path) to \(size.width)x\(size.height): \(error)")
        }
    }

    private func startDecoder() throws(FrameSourceError) -> (process: Process, reader: Y4MReader) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-v", "error", "-f", "h264", "-i", path, "-f", "yuv4mpegpipe", "-pix_fmt", "yuv420p", "-",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw FrameSourceError("cannot run ffmpeg: \(error)") }
        do {
            return (process, try Y4MReader(handle: output.fileHandleForReading, name: "ffmpeg's decode of \(path)"))
        } catch {
            process.terminate()
            throw FrameSourceError("ffmpeg cannot decode \(path) as Annex-B H.264")
        }
    }

    /// The frame as a ``FrameProducer`` gives it: a failure ends the run as `sourceFailed` with its message.
    public func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? {
        do { return try frame(index: index, size: size) } catch { throw error.projectionFailure }
    }
}
