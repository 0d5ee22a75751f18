import CarWindowTesting
import Foundation
import Testing

/// Follows docs/getting-started.md in a clean temporary directory, the way a new user does: the guide's own
/// `swift package init` commands run there (so whatever that writes, the `@main` file among them, is dealt with as
/// the guide says), every ```swift block whose first line names a file is written there (Package.swift, the app's
/// sources, the test), the path dependency `../CarWindow` points at this checkout (a link named `CarWindow`, so the
/// package identity is the guide's), and `swift build --build-tests` must succeed.
///
/// It compiles CarWindow's dependency closure again in its own scratch directory (SwiftNIO, swift-log and the SDL
/// layers: several minutes on two cores), so it runs only with `CARWINDOW_GUIDE_CHECKLIST=1`: scripts/test.sh runs it
/// as a step of its own after the suite. The dependencies come from SwiftPM's shared cache, pinned to this
/// checkout's Package.resolved, so the step needs no network when the main build ran.
@Suite("docs/getting-started.md, followed in a clean directory")
struct GettingStartedChecklistTests {
    static let enabled = ProcessInfo.processInfo.environment["CARWINDOW_GUIDE_CHECKLIST"] == "1"

    @Test(
        "the guide's package builds against this checkout, its app and its tap test included",
        .enabled(if: enabled, "set CARWINDOW_GUIDE_CHECKLIST=1 (scripts/test.sh does)"), .timeLimit(.minutes(30)))
    func guideBuilds() async throws {
        let repository = GettingStartedGuideTests.repository
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cw-guide-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("MyCarApp")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // `.package(path: "../CarWindow")`: a checkout next to the user's package, whatever this one's folder is.
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("CarWindow"), withDestinationURL: repository)

        let text = try String(contentsOf: GettingStartedGuideTests.guide, encoding: .utf8)
        // Step 2's commands as the guide prints them: mkdir, `swift package init`, and the removal of its @main file.
        let setup = try #require(
            GettingStartedGuideTests.shellBlocks(in: text).first { $0.contains("swift package init") },
            "the guide's swift package init block")
        #expect(setup.contains("rm Sources/MyCarApp/MyCarApp.swift"), "\(setup)")
        guard let shell = ExternalTool.locate("sh").map(ExternalTool.init(executable:)) else {
            throw CarWindowTestingError(.toolMissing, "sh is not on PATH")
        }
        let initialised = try await shell.run(["-ec", "cd '\(root.path)'\n" + setup])
        #expect(
            initialised.status == 0, "the guide's setup failed: \(initialised.outputText)\n\(initialised.errorText)")
        let blocks = GettingStartedGuideTests.namedBlocks(in: text)
        #expect(Set(blocks.map(\.path)).isSuperset(of: ["Package.swift", "Sources/MyCarApp/main.swift"]))
        for block in blocks {
            let file = package.appendingPathComponent(block.path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((block.body + "\n").utf8).write(to: file)
        }
        // The same dependency versions as this checkout, so SwiftPM's cache has them.
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("Package.resolved"),
            to: package.appendingPathComponent("Package.resolved"))

        guard let swift = ExternalTool.locate("swift").map(ExternalTool.init(executable:)) else {
            throw CarWindowTestingError(.toolMissing, "swift is not on PATH")
        }
        let arguments = ["build", "--build-tests", "--package-path", package.path]
        let output = try await swift.run(arguments)
        #expect(
            output.status == 0,
            "swift build of the guide's package failed:\n\(output.outputText.suffix(4000))\n\(output.errorText)")
    }
}
