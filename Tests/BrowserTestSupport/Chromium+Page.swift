import HummingbirdWSClient
import Logging
import NIOConcurrencyHelpers
import NIOWebSocket

extension Chromium {
    /// Opens `url` in a new tab and runs `body` with a DevTools session attached to it; closes the session after.
    ///
    /// ```swift
    /// let frames = try await chromium.withPage("http://127.0.0.1:\(port)/") { cdp in
    ///     try await cdp.waitFor("viewer.display.stats.framesDrawn >= 5")
    ///     return try await cdp.evaluate("viewer.display.stats.framesDrawn") as? Int
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws, or `HarnessError` when the DevTools connection ends before `body` returns.
    public func withPage<Result: Sendable>(
        _ url: String, _ body: @escaping @Sendable (_ cdp: inout CDPSession) async throws -> Result
    ) async throws -> Result {
        let result = NIOLockedValueBox<Result?>(nil)
        // Pages send big messages (screenshots, canvas readbacks).
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 26)
        try await WebSocketClient.connect(
            url: devToolsURL, configuration: configuration, logger: Logger(label: "chromium-cdp")
        ) { inbound, outbound, _ in
            var cdp = CDPSession(inbound: inbound, outbound: outbound)
            try await cdp.open(url)
            let value = try await body(&cdp)
            result.withLockedValue { $0 = value }
            try await outbound.close(.normalClosure, reason: nil)
        }
        guard let value = result.withLockedValue({ $0 }) else {
            throw HarnessError("the DevTools session ended early; Chromium's last lines:\n\(tail())")
        }
        return value
    }
}
