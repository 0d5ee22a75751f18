import Dispatch
import Foundation
import Testing

/// Runs a command-line tool the tests check our output with (ffprobe, ffmpeg, gst-launch-1.0).
///
/// A missing tool is a failure that says how to install it, never a silent skip.
struct ExternalTool {
    let url: URL

    init(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let found else {
            Issue.record("\(name) is not on PATH; run scripts/install-deps.sh", sourceLocation: sourceLocation)
            throw ToolMissing(name: name)
        }
        url = found
    }

    struct ToolMissing: Error { let name: String }
    struct ToolFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the tool and returns its standard output; a non-zero exit throws with standard error.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so a chatty tool cannot block on a full pipe.
        let errorData = LockedData()
        let errorsRead = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            errorsRead.signal()
        }
        errorReader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "\(url.lastPathComponent) \(arguments.joined(separator: " ")) exited "
                             + "\(process.terminationStatus): \(String(decoding: errorData.value, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var value: Data { lock.withLock { data ?? Data() } }
}

/// A scratch directory removed when the test ends.
struct ScratchDirectory: ~Copyable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sdlmedia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    deinit { try? FileManager.default.removeItem(at: url) }
}
