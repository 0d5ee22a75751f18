import CarWindowTestingTools
import Foundation
import Testing

/// Runs a command-line tool the tests check our output with (ffmpeg, gst-launch-1.0), off the cooperative pool
/// through CarWindowTesting's `ExternalTool`.
///
/// A missing tool is a failure that says how to install it, never a silent skip.
struct CheckTool {
    let tool: ExternalTool

    init(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let found = ExternalTool.locate(name) else {
            Issue.record("\(name) is not on PATH; run scripts/install-deps.sh", sourceLocation: sourceLocation)
            throw ToolMissing(name: name)
        }
        tool = ExternalTool(executable: found)
    }

    struct ToolMissing: Error { let name: String }

    /// Runs the tool and returns its standard output; a non-zero exit throws with standard error.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let output = try await tool.run(arguments)
        try tool.check(output, arguments)
        return output.outputText
    }
}
