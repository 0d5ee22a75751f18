import CarWindowTestingTools
import Foundation

/// Runs the built `carwindow` binary, found beside the test bundle in the build products directory.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var productsDirectory: URL {
        // The test runner lives in .build/<config>/, next to the executables SwiftPM built for the tests.
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("carwindow").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }

    /// Runs `carwindow arguments`, with `environment` added to this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("carwindow")
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}

extension BinaryRunner {
    /// Runs the binary on a thread of its own, so that waiting for it does not hold one of the few threads of the
    /// cooperative pool: a test that runs the head unit in-process needs those threads to answer the binary.
    static func runOffPool(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await BlockingWork.run { try run(arguments, environment: environment) }
    }
}
