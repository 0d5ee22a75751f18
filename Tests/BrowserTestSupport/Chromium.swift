import Foundation

/// A headless Chromium (Debian `chromium`) with the DevTools protocol on a free port.
///
/// ```swift
/// let chromium = try await Chromium.launch()
/// defer { chromium.close() }
/// let title = try await chromium.withPage("http://127.0.0.1:8080/") { cdp in
///     try await cdp.evaluate("document.title")
/// }
/// ```
public final class Chromium: Sendable {
    /// The browser's DevTools WebSocket.
    public let devToolsURL: String
    let child: ChildProcess
    let profile: URL

    /// Starts Chromium and waits for the "DevTools listening on ws://…" line on its stderr.
    ///
    /// - Parameter timeout: how long Chromium may take to start; a slow CI machine under load needs seconds.
    /// - Throws: `HarnessError` quoting Chromium's output when it ends or stays silent; Chromium is killed then.
    public static func launch(executable: String = "chromium", timeout: Duration = .seconds(60)) async throws
        -> Chromium
    {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-chromium-\(UUID())")
        let child = try ChildProcess.launch(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                // The WebSocket client sends Origin: ws://127.0.0.1; Chromium refuses origins it was not told to allow.
                "--remote-allow-origins=ws://127.0.0.1", "--user-data-dir=\(profile.path)", "--window-size=1280,1000",
                "about:blank",
            ])
        do {
            let line = try await child.waitForLine("a DevTools URL", in: .stderr, timeout: timeout) {
                $0.contains("ws://")
            }
            guard let range = line.text.range(of: "ws://") else { throw HarnessError("no ws:// in \(line.text)") }
            return Chromium(child: child, devToolsURL: String(line.text[range.lowerBound...]), profile: profile)
        } catch {
            await child.stop(signal: SIGTERM, grace: .seconds(10))
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
    }

    private init(child: ChildProcess, devToolsURL: String, profile: URL) {
        self.child = child
        self.devToolsURL = devToolsURL
        self.profile = profile
    }

    /// Chromium's last lines of output, for failure messages.
    public func tail(_ count: Int = 30) -> String { child.tail(count) }

    /// Ends Chromium (SIGTERM, then SIGKILL after 10 s) and removes its profile.
    public func shutdown() async {
        await child.stop(signal: SIGTERM, grace: .seconds(10))
        try? FileManager.default.removeItem(at: profile)
    }

    /// Ends Chromium from a `defer`, blocking: SIGTERM, up to 10 s for it to exit, then SIGKILL; removes its profile.
    /// Does nothing more once ``shutdown()`` ran.
    public func close() {
        if child.exitStatus == nil {
            kill(child.pid, SIGTERM)
            // Woken by Chromium's exit, not polled; SIGKILL if it is still there after 10 s.
            if child.waitForExitBlocking(timeout: .seconds(10)) == nil { child.kill() }
        }
        try? FileManager.default.removeItem(at: profile)
    }
}
