import Foundation
package import HeadUnit

/// The head-unit emulator `carwindow demo` and `carwindow project` project into when no `--core` is given: started
/// on a port of 127.0.0.1, recording every stream into a directory (a new temporary one unless one is given), and
/// stopped with the list of what it recorded.
///
/// ```swift
/// let local = try await LocalHeadUnit.start(port: 12345, recordDirectory: nil, prefix: "carwindow-demo") {
///     $0.buttons = HeadUnitConfiguration.tracedButtons + ButtonName.navigation
/// }
/// say("head-unit emulator listening on 127.0.0.1:\(local.port), recording into \(local.recordDirectory)")
/// // ... the run ...
/// for file in await local.stop() { say("recording: \(file)") }
/// ```
package struct LocalHeadUnit: Sendable {
    package let emulator: HeadUnitEmulator
    /// The port it listens on (the one asked for, or the one the system chose for 0).
    package let port: Int
    /// Where it records: the directory given, created when missing, or a new `prefix-UUID` temporary directory.
    package let recordDirectory: String

    /// Makes the recording directory, starts the emulator with `configure`'s changes to the default configuration,
    /// and returns once it listens.
    ///
    /// - Throws: the file system's error when the directory cannot be made, the emulator's when it cannot listen
    ///   (a port in use); a temporary directory made for it is removed then.
    package static func start(
        port: Int, recordDirectory: String?, prefix: String,
        configure: (inout HeadUnitConfiguration) -> Void = { _ in }
    ) async throws -> LocalHeadUnit {
        let directory = try recordDirectory ?? RecordingDirectory.makeTemporary(prefix: prefix)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = HeadUnitConfiguration(port: port, recordDirectory: directory)
        configure(&configuration)
        let emulator = HeadUnitEmulator(configuration: configuration)
        do {
            let bound = try await emulator.start()
            return LocalHeadUnit(emulator: emulator, port: bound, recordDirectory: directory)
        } catch {
            // A temporary directory of a head unit that never listened holds nothing: it is not left behind.
            if recordDirectory == nil { try? FileManager.default.removeItem(atPath: directory) }
            throw error
        }
    }

    /// Stops the emulator and returns the paths of the video recordings in its directory, one per video stream,
    /// oldest first (empty when no video arrived).
    package func stop() async -> [String] {
        await emulator.stop()
        return RecordingDirectory.videos(in: recordDirectory).map { "\(recordDirectory)/\($0)" }
    }
}
