import Foundation

/// Where `carwindow demo`, `carwindow project` and `carwindow bench soak` have the emulator record
/// (``HeadUnitConfiguration/recordDirectory``), and what it recorded there.
///
/// ```swift
/// let directory = try record ?? RecordingDirectory.makeTemporary(prefix: "carwindow-demo")
/// // ... run ...
/// for file in RecordingDirectory.videos(in: directory) { print("recording: \(directory)/\(file)") }
/// ```
package enum RecordingDirectory {
    /// A new directory under the system's temporary directory, named `prefix-UUID`.
    package static func makeTemporary(prefix: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The `.h264` recordings in `directory`, by name (one per video stream, oldest first).
    package static func videos(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".h264") }.sorted()
            ?? []
    }
}
