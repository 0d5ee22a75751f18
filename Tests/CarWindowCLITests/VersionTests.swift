import Testing

@Suite("carwindow binary")
struct VersionTests {
    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = try await BinaryRunner.runOffPool(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test("an unknown option exits non-zero with a message on stderr")
    func unknownOption() async throws {
        let result = try await BinaryRunner.runOffPool(["--no-such-option"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Unknown option '--no-such-option'"))
    }
}
