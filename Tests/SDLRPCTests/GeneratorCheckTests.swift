import CarWindowTestingTools
import Foundation
import Testing

/// The committed models are exactly what scripts/generate-rpc.py writes today.
@Suite("Generator")
struct GeneratorCheckTests {
    struct Run {
        var status: Int32
        var output: String
    }

    /// Runs `python3 scripts/generate-rpc.py --check` in `root`, off the cooperative pool (it takes seconds).
    static func check(in root: URL) async throws -> Run {
        let tool = ExternalTool(executable: URL(fileURLWithPath: "/usr/bin/env"))
        let output = try await tool.run(["python3", "scripts/generate-rpc.py", "--check"], in: root)
        return Run(status: output.status, output: output.outputText + output.errorText)
    }

    @Test("--check passes on the committed output")
    func committedOutputIsCurrent() async throws {
        let run = try await Self.check(in: Fixture.packageRoot)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("files up to date"))
    }

    @Test("--check fails when a generated file was edited or a stale one is left behind")
    func checkDetectsDrift() async throws {
        let files = FileManager.default
        let root = files.temporaryDirectory.appendingPathComponent("generate-rpc-\(UUID().uuidString)")
        defer { try? files.removeItem(at: root) }
        for path in ["scripts/generate-rpc.py", "spec/MOBILE_API.xml", "Sources/SDLRPC/Generated"] {
            let target = root.appendingPathComponent(path)
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: Fixture.packageRoot.appendingPathComponent(path), to: target)
        }
        #expect(try await Self.check(in: root).status == 0)

        let edited = root.appendingPathComponent("Sources/SDLRPC/Generated/Enums/HMILevel.swift")
        try (String(contentsOf: edited, encoding: .utf8) + "// hand edit\n").write(
            to: edited, atomically: true, encoding: .utf8)
        let afterEdit = try await Self.check(in: root)
        #expect(afterEdit.status == 1)
        #expect(afterEdit.output.contains("Enums/HMILevel.swift"))

        try files.removeItem(at: edited)
        try files.copyItem(
            at: Fixture.packageRoot.appendingPathComponent("Sources/SDLRPC/Generated/Enums/HMILevel.swift"), to: edited)
        try "// left over\n".write(
            to: root.appendingPathComponent("Sources/SDLRPC/Generated/Stale.swift"), atomically: true, encoding: .utf8)
        let afterStale = try await Self.check(in: root)
        #expect(afterStale.status == 1)
        #expect(afterStale.output.contains("stale file, the generator no longer writes it: Stale.swift"))
    }
}
