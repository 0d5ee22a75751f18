import CarWindowTestingTools
import Foundation
import SDLMedia
import Testing

/// What ffprobe says about an H.264 elementary stream.
struct StreamProbe {
    var frames: Int
    var width: Int
    var height: Int
    var profile: String
    var level: Int

    /// Probes `file` (raw Annex-B H.264) with `ffprobe -count_frames`, through CarWindowTesting's `VideoProbe`.
    static func probe(_ file: URL) async throws -> StreamProbe {
        let fields = try await VideoProbe().streamEntries(
            ["nb_read_frames", "width", "height", "profile", "level"], of: file)
        return StreamProbe(
            frames: Int(fields["nb_read_frames"] ?? "") ?? -1, width: Int(fields["width"] ?? "") ?? -1,
            height: Int(fields["height"] ?? "") ?? -1, profile: fields["profile"] ?? "?",
            level: Int(fields["level"] ?? "") ?? -1)
    }

    /// One MD5 per decoded frame, from `ffmpeg -f framemd5`: equal lists mean identical pictures.
    static func frameHashes(_ file: URL) async throws -> [String] {
        let output = try await CheckTool("ffmpeg").run([
            "-v", "error", "-f", "h264", "-i", file.path, "-f", "framemd5", "-",
        ])
        return output.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }
}

/// Encodes `count` frames of the synthetic scene and returns the access units; `rendered` sees each source frame.
func encodeScene(
    settings: EncoderSettings, count: Int, startIndex: Int = 0,
    keyFramesAt: Set<Int> = [], encoder existing: OpenH264Encoder? = nil,
    motion: SyntheticScene.Motion = .pan,
    rendered: (VideoFrame) -> Void = { _ in }
) throws -> [EncodedAccessUnit] {
    let encoder = try existing ?? OpenH264Encoder(settings: settings)
    let scene = SyntheticScene(width: settings.width, height: settings.height, format: .i420, motion: motion)
    let pool = PixelBufferPool(format: .i420, width: settings.width, height: settings.height)
    var units: [EncodedAccessUnit] = []
    for index in startIndex..<(startIndex + count) {
        let frame = pool.makeFrame(presentationTime: frameTime(index, fps: settings.frameRate))
        scene.render(frameIndex: index, into: frame)
        rendered(frame)
        if keyFramesAt.contains(index) { encoder.requestKeyFrame() }
        if let unit = try encoder.encode(frame) { units.append(unit) }
    }
    return units
}

/// ``encodeScene(settings:count:startIndex:keyFramesAt:encoder:motion:)`` with an encoder of its own, on a thread of
/// its own (``BlockingWork``). Seconds of encoding on the test's own thread would hold one of the cooperative pool's
/// threads (two on a two-core CI machine) and stall every other test in the process, emulators and sessions with
/// their timeouts included.
func encodeSceneOffPool(settings: EncoderSettings, count: Int, motion: SyntheticScene.Motion = .pan)
    async throws -> (units: [EncodedAccessUnit], statistics: EncoderStatistics)
{
    try await BlockingWork.run {
        let encoder = try OpenH264Encoder(settings: settings)
        let units = try encodeScene(settings: settings, count: count, encoder: encoder, motion: motion)
        return (units, encoder.statistics)
    }
}

/// The presentation time of frame `index` at `fps`, exact in nanoseconds.
func frameTime(_ index: Int, fps: Int) -> Duration {
    .nanoseconds(Int64(index) * 1_000_000_000 / Int64(fps))
}

/// Writes access units one after another: an Annex-B file ffprobe reads.
func write(_ units: [EncodedAccessUnit], to url: URL) throws {
    try Data(units.flatMap(\.bytes)).write(to: url)
}
