import Foundation
import NIOConcurrencyHelpers

/// A headless Chromium (Debian `chromium`) with the DevTools protocol on a free port.
final class Chromium: Sendable {
    let process: Process
    let devToolsURL: String
    let profile: URL

    /// Starts Chromium and waits for the "DevTools listening on ws://…" line on its stderr.
    static func launch(executable: String = "chromium") async throws -> Chromium {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-chromium-\(UUID())")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1",
            // The WebSocket client sends Origin: ws://127.0.0.1; Chromium refuses origins it was not told to allow.
            "--remote-allow-origins=ws://127.0.0.1", "--user-data-dir=\(profile.path)", "--window-size=1280,1000",
            "about:blank",
        ]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let handle = stderr.fileHandleForReading
        // Blocking reads stay off the Swift concurrency pool; the thread ends when Chromium closes stderr.
        let thread = Thread {
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    continuation.yield(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            continuation.finish()
        }
        thread.start()
        var seen: [String] = []
        for await line in lines {
            if let range = line.range(of: "ws://") {
                return Chromium(process: process, devToolsURL: String(line[range.lowerBound...]), profile: profile)
            }
            seen.append(line)
        }
        throw HarnessError("chromium ended without a DevTools URL; stderr:\n\(seen.joined(separator: "\n"))")
    }

    private init(process: Process, devToolsURL: String, profile: URL) {
        self.process = process
        self.devToolsURL = devToolsURL
        self.profile = profile
    }

    /// Ends Chromium and removes its profile.
    func close() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }
}
