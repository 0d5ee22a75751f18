public import Foundation
public import HeadUnit

/// Decodes one frame of an Annex-B H.264 recording to RGB with ffmpeg, through `ExternalTool` (off the
/// cooperative pool).
///
/// ```swift
/// let picture = try await FrameDecoder().decode(frameAt: 12, of: recording, size: VideoSize(width: 800, height: 480))
/// ```
public struct FrameDecoder: Sendable {
    /// The ffmpeg to run.
    public let tool: ExternalTool?

    /// Uses `ffmpeg` from `PATH` (Debian's ffmpeg package).
    public init(tool: ExternalTool? = ExternalTool.locate("ffmpeg").map(ExternalTool.init(executable:))) {
        self.tool = tool
    }

    /// The frame `index` (from 0, in decode order) of `file`, which holds pictures of `size`.
    ///
    /// - Throws: `CarWindowTestingError` `.toolMissing`, `.fileMissing`, `.toolFailed`, or `.unexpectedOutput`
    ///   when the stream has no such frame.
    public func decode(frameAt index: Int, of file: URL, size: VideoSize) async throws(CarWindowTestingError)
        -> DecodedFrame
    {
        guard let tool else { throw CarWindowTestingError(.toolMissing, "ffmpeg is not on PATH (Debian: ffmpeg)") }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CarWindowTestingError(.fileMissing, "no recording at \(file.path)")
        }
        guard index >= 0, size.width > 0, size.height > 0, size.width <= 8192, size.height <= 8192 else {
            throw CarWindowTestingError(.unexpectedOutput, "no frame \(index) of \(size) to decode")
        }
        let arguments = [
            "-v", "error", "-nostdin", "-f", "h264", "-i", file.path, "-vf", "select=eq(n\\,\(index))",
            "-fps_mode", "passthrough", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ]
        let output = try await tool.run(arguments)
        try tool.check(output, arguments)
        let bytes = [UInt8](output.standardOutput)
        guard !bytes.isEmpty else {
            throw CarWindowTestingError(.unexpectedOutput, "\(file.lastPathComponent) has no frame \(index)")
        }
        return try DecodedFrame(width: size.width, height: size.height, rgb: bytes)
    }
}
