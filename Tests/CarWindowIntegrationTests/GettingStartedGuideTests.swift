import Foundation
import Testing

/// docs/getting-started.md's Swift blocks, compiled: each block whose first line names a source file (other than
/// `main.swift` and `Package.swift`, which `GettingStartedChecklistTests` builds in a clean package) is kept
/// verbatim in `GettingStarted/`, which this target compiles, and this test fails when the two drift apart.
@Suite("docs/getting-started.md: its code compiles")
struct GettingStartedGuideTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let guide = repository.appendingPathComponent("docs/getting-started.md")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("GettingStarted")

    /// The guide's ```swift blocks whose first line is `// PATH`: (path, the lines after it).
    static func namedBlocks(in text: String) -> [(path: String, body: String)] {
        var blocks: [(String, String)] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```swift" {
                current = []
            } else if var lines = current, line == "```" {
                current = nil
                guard let first = lines.first, first.hasPrefix("// "), first.hasSuffix(".swift") else { continue }
                lines.removeFirst()
                blocks.append((String(first.dropFirst(3)), lines.joined(separator: "\n")))
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The guide's ```sh blocks, each as one text.
    static func shellBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```sh" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("every named block of the guide is in GettingStarted/, verbatim, and every file there is in the guide")
    func blocksMatchFixtures() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let blocks = Self.namedBlocks(in: text).filter {
            !$0.path.hasSuffix("/main.swift") && $0.path != "Package.swift"
        }
        #expect(blocks.count == 4, "\(blocks.map(\.path))")
        for block in blocks {
            let name = (block.path as NSString).lastPathComponent
            let fixture = Self.fixtures.appendingPathComponent(name)
            let kept = try String(contentsOf: fixture, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
            // The test imports the app module in the guide; here the code is in this target itself.
            // The import goes with its blank line, as swift-format leaves the file without it.
            let expected = block.body.replacingOccurrences(of: "\n@testable import MyCarApp\n", with: "")
            #expect(
                kept.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines),
                "\(name) differs from the guide's \(block.path)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
        #expect(files == blocks.map { ($0.path as NSString).lastPathComponent }.sorted())
    }

    @Test("docs/testing.md's named blocks are in TestingGuide/, verbatim, so they compile")
    func testingGuideBlocks() throws {
        let guide = Self.repository.appendingPathComponent("docs/testing.md")
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("TestingGuide")
        // Its Package.swift block is a fragment (one target); the sources are whole files.
        let blocks = Self.namedBlocks(in: try String(contentsOf: guide, encoding: .utf8))
            .filter { $0.path.hasPrefix("Sources/") || $0.path.hasPrefix("Tests/") }
        #expect(!blocks.isEmpty)
        for block in blocks {
            let name = (block.path as NSString).lastPathComponent
            let kept = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
            #expect(
                kept.trimmingCharacters(in: .newlines) == block.body.trimmingCharacters(in: .newlines),
                "\(name) differs from docs/testing.md's \(block.path)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == blocks.map { ($0.path as NSString).lastPathComponent }.sorted())
    }

    @Test("the guide cites only files in this repository")
    func standsAlone() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        #expect(!text.contains("../shared") && !text.contains("core-behaviour") && !text.contains("brief §"))
    }
}
