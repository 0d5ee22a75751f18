import Foundation

/// Trace payloads in `Fixtures/` (see its README for where each comes from), and the package root for tests that
/// run the generator.
enum Fixture {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static var packageRoot: URL {
        testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The JSON parameter bytes of one recorded RPC, exactly as they were on the wire.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: testsDirectory.appendingPathComponent("Fixtures/\(name).json")))
    }
}
