public import Foundation

/// Reads a video file with FFmpeg's `ffprobe` (Debian package `ffmpeg`): its size and how many frames really decode.
///
/// Use it to check what an app streamed: the emulator records every video stream as an Annex-B `.h264` file, and
/// `summary(of:)` decodes every frame of it (`-count_frames`), so a broken access unit or a missing keyframe shows up
/// as a wrong count. ffprobe runs on a thread of its own, never on Swift's cooperative pool, and cancelling the
/// awaiting task terminates it. A missing ffprobe, a missing file or a failed run is a ``CarWindowTestingError``,
/// never a crash.
///
/// ```swift
/// let probe = VideoProbe()
/// let summary = try await probe.summary(of: URL(fileURLWithPath: "/tmp/streams/app1-video1-800x480-raw.h264"))
/// print(summary)   // 800x480, 150 frames
/// ```
public struct VideoProbe: Sendable {
    /// Where Debian installs ffprobe.
    public static let defaultExecutable = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// The ffprobe binary this probe runs.
    public var executable: URL

    /// - Parameter executable: the ffprobe binary; Debian's by default.
    public init(executable: URL = VideoProbe.defaultExecutable) {
        self.executable = executable
    }

    /// The width, height and decoded frame count of the first video stream of `file`.
    ///
    /// - Parameters:
    ///   - file: the video; an H.264 elementary stream (Annex-B) unless `format` says otherwise.
    ///   - format: the demuxer ffprobe must use (`-f`); `"h264"` by default, since a short Annex-B file can be too
    ///     small for ffprobe to guess. `nil` lets ffprobe guess from the content (for `.mp4`, `.mkv`).
    /// - Returns: what ffprobe decoded.
    /// - Throws: ``CarWindowTestingError`` `.fileMissing` when `file` does not exist, `.toolMissing` without ffprobe,
    ///   `.toolFailed` when it exits with an error (its message included), `.unexpectedOutput` when it finds no
    ///   video stream.
    ///
    /// ```swift
    /// #expect(try await VideoProbe().summary(of: recording) == VideoSummary(width: 320, height: 240, frames: 30))
    /// ```
    public func summary(of file: URL, format: String? = "h264") async throws(CarWindowTestingError) -> VideoSummary {
        let entries = try await streamEntries(["width", "height", "nb_read_frames"], of: file, format: format)
        guard let width = entries["width"].flatMap({ Int($0) }), let height = entries["height"].flatMap({ Int($0) }),
            let frames = entries["nb_read_frames"].flatMap({ Int($0) })
        else {
            throw CarWindowTestingError(
                .unexpectedOutput, "ffprobe found no decodable video stream in \(file.path): \(entries)")
        }
        return VideoSummary(width: width, height: height, frames: frames)
    }

    /// Any `stream=` entries of the first video stream of `file`, by name, as ffprobe prints them.
    ///
    /// For what ``summary(of:format:)`` does not cover, such as the H.264 `profile` and `level`. Asking for
    /// `nb_read_frames` makes ffprobe decode every frame to count them.
    ///
    /// - Parameters:
    ///   - names: ffprobe's entry names (`width`, `profile`, `level`, `nb_read_frames`, `codec_name`, ...).
    ///   - file: the video.
    ///   - format: the demuxer (`-f`); `"h264"` by default, `nil` to let ffprobe guess.
    /// - Returns: the entries ffprobe printed; one it does not know is absent.
    /// - Throws: ``CarWindowTestingError``, as for ``summary(of:format:)``.
    ///
    /// ```swift
    /// let entries = try await VideoProbe().streamEntries(["profile", "level"], of: clip)
    /// #expect(entries["profile"] == "Constrained Baseline")
    /// ```
    public func streamEntries(
        _ names: [String], of file: URL, format: String? = "h264"
    ) async throws(CarWindowTestingError) -> [String: String] {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CarWindowTestingError(.fileMissing, "no video file at \(file.path)")
        }
        var arguments = ["-v", "error"]
        if let format { arguments += ["-f", format] }
        if names.contains("nb_read_frames") { arguments.append("-count_frames") }
        arguments += [
            "-select_streams", "v:0", "-show_entries", "stream=" + names.joined(separator: ","),
            "-of", "default=noprint_wrappers=1", file.path,
        ]
        let tool = ExternalTool(executable: executable)
        let output: ExternalTool.Output
        do throws(CarWindowTestingError) {
            output = try await tool.run(arguments)
        } catch  where error.kind == .toolMissing {
            throw CarWindowTestingError(
                .toolMissing, "\(executable.path) is not installed (Debian: apt-get install ffmpeg)")
        }
        try tool.check(output, arguments)
        var entries: [String: String] = [:]
        for line in String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { entries[String(parts[0])] = String(parts[1]) }
        }
        return entries
    }
}
