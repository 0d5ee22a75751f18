public import Foundation

/// A fresh temporary directory for one test, removed with everything in it when the value goes out of scope.
/// Non-copyable, so exactly one owner removes it; take the URLs a task needs (``file(_:)``) before handing them on.
///
/// ```swift
/// let scratch = try ScratchDirectory(prefix: "cw-night")
/// let program = scratch.file("program.py")
/// try source.write(to: program, atomically: true, encoding: .utf8)
/// // ... run it; the directory is gone when `scratch` is
/// ```
public struct ScratchDirectory: ~Copyable {
    /// The directory.
    public let url: URL

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    ///
    /// - Throws: ``CarWindowTestingError`` `.fileSystem` when it cannot be made.
    public init(prefix: String = "carwindow") throws(CarWindowTestingError) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CarWindowTestingError(.fileSystem, "cannot create \(url.path): \(error)")
        }
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
