import Foundation
import Logging
import NIOConcurrencyHelpers
import SDLSession
import Testing

/// A log handler that keeps what it was given, for checking what a failure logs.
struct CapturingLogHandler: LogHandler {
    let records: NIOLockedValueBox<[(Logger.Level, String)]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.withLockedValue { $0.append((event.level, "\(event.message)")) }
    }
}

@Suite("A failed connect is logged once")
struct FailedConnectLogTests {
    @Test("connecting to a port nobody listens on: one error line, then the typed error", .timeLimit(.minutes(3)))
    func refusedConnectLogsOnce() async throws {
        let held = try HeldPort()
        defer { held.release() }
        let port = held.port

        let records = NIOLockedValueBox<[(Logger.Level, String)]>([])
        let logger = Logger(label: "test.session") { _ in CapturingLogHandler(records: records) }
        let app = AppConfiguration(appName: "Nobody Home", appID: "swiftsdl-nav", logger: logger)
        let session = SDLSession(configuration: app, transport: TCPTransport(host: "127.0.0.1", port: port))
        await #expect(throws: SDLSessionError.self) { try await session.start() }
        let errors = records.withLockedValue { $0.filter { $0.0 >= .error }.map(\.1) }
        #expect(errors == ["session start failed"], "\(errors)")
    }
}
