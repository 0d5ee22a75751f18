import CarWindow
import Testing

@testable import CarWindowCLI

/// What `carwindow stream` asks of the head unit for each `--source`.
@Suite("carwindow stream's run options")
struct StreamRunnerOptionsTests {
    static func options(_ source: StreamSourceChoice) throws -> ProjectionOptions {
        try StreamRunner(
            core: Endpoint(host: "127.0.0.1", port: 12345), appID: "swiftsdl-nav", appName: "Stream", source: source
        ).options()
    }

    @Test("--source demo subscribes to the buttons `carwindow demo` does; a pattern, which takes none, to none")
    func buttons() throws {
        #expect(try Self.options(.demo).buttons == CarWindowSettings.standardButtons)
        #expect(try Self.options(.pattern).buttons.isEmpty)
    }
}
