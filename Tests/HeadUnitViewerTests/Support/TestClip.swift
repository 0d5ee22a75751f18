import BrowserTestSupport
import CarWindowTestingTools
import Foundation
import HeadUnitViewer
import SDLMedia

/// A real H.264 Annex-B clip made by Debian's ffmpeg (libx264, Baseline), split into access units.
enum TestClip {
    /// Encodes `frames` frames of ffmpeg's `testsrc` (a moving pattern with a frame counter) at `width`x`height`.
    static func make(width: Int = 800, height: Int = 480, frames: Int = 60) async throws -> [[UInt8]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("clip.h264")
        let arguments = [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi",
            "-i", "testsrc=size=\(width)x\(height):rate=30", "-frames:v", String(frames), "-c:v", "libx264",
            "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-g", "30", "-bsf:v", "h264_mp4toannexb",
            "-f", "h264", output.path,
        ]
        // Off the cooperative pool: the page, the server and the browser driver all need its threads meanwhile.
        let run = try await ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/env")).run(arguments)
        guard run.status == 0 else {
            throw HarnessError("ffmpeg exited with \(run.status) making the test clip: \(run.errorText)")
        }
        return AnnexB.accessUnits(in: Array(try Data(contentsOf: output)))
    }

    /// The clip's access units as the backend would deliver them, 30 fps stream time, arriving now.
    static func accessUnits(_ units: [[UInt8]], startingAt index: Int = 0, width: Int = 800, height: Int = 480)
        -> [ViewerAccessUnit]
    {
        units.enumerated().map { offset, bytes in
            ViewerAccessUnit(
                bytes: bytes, presentationTime: .milliseconds((index + offset) * 1_000 / 30), arrivalTime: .now,
                width: width, height: height)
        }
    }
}
