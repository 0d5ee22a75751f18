import Foundation

/// A scratch directory for one test; the test removes it.
func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cwtesting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Thrown by test bodies to check that the fixtures clean up after a failure.
struct Planned: Error, Equatable {}
