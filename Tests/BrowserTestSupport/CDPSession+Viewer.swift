public import Foundation

/// What the viewer page's canvas showed at one moment.
public struct CanvasSample: Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Pixels brighter than near-black.
    public var nonBlank: Int
    /// A hash of every pixel, to tell two pictures apart.
    public var hash: Double
    /// `viewer.display.stats.framesDrawn` when the sample was taken.
    public var frames: Int

    public var description: String {
        "\(width)x\(height), \(nonBlank) non-blank pixels, hash \(Int(hash)), after \(frames) frames drawn"
    }
}

/// The viewer page (`HeadUnitViewer`): waiting for its state, reading its canvas, saving screenshots.
extension CDPSession {
    /// Waits until the JavaScript `condition` holds in the viewer page, polled there every 50 ms.
    ///
    /// ```swift
    /// try await cdp.waitFor("viewer.display.stats.width === 320", seconds: 60, detail: "viewer.display.canvas.width")
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: the bound; generous, it only matters when something is broken.
    ///   - detail: a JavaScript expression whose value the failure message adds to the page's stats, state and log.
    /// - Throws: `HarnessError` with what the page last showed when `condition` never held.
    public mutating func waitFor(_ condition: String, seconds: Int = 30, detail: String? = nil) async throws {
        _ = try await evaluate(Self.waitForExpression(condition, seconds: seconds, detail: detail))
    }

    /// A promise that resolves when `condition` holds, polled in the page; it rejects after `seconds` with the
    /// page's stats, state, recent log and `detail`, so a broken page fails the test instead of hanging it.
    public static func waitForExpression(_ condition: String, seconds: Int = 30, detail: String? = nil) -> String {
        // A JSON string is a JavaScript string literal, whatever quotes and newlines the condition holds.
        let quoted = (try? JSONEncoder().encode(condition)).map { String(decoding: $0, as: UTF8.self) } ?? "'?'"
        let detailExpression = detail.map { "(() => { try { return \($0); } catch (e) { return String(e); } })()" }
        return """
            new Promise((resolve, reject) => {
              const deadline = performance.now() + \(seconds * 1000);
              (function poll() {
                try { if (window.viewer && (\(condition))) return resolve(true); } catch (e) {}
                if (performance.now() > deadline) {
                  const state = window.viewer && viewer.state ? { hmiLevel: viewer.state.hmiLevel,
                    screen: viewer.state.screen, isStreaming: viewer.state.isStreaming,
                    hapticRects: viewer.state.hapticRects } : null;
                  const summary = window.viewer ? JSON.stringify(viewer.display.stats.summary())
                    + ' state: ' + JSON.stringify(state)
                    + ' log (oldest first): ' + JSON.stringify(viewer.log.slice(-30).map(e => e.text))
                    + \(detailExpression.map { "' detail: ' + JSON.stringify(\($0))" } ?? "''") : 'no viewer';
                  return reject(new Error('timed out after \(seconds) s waiting for ' + \(quoted) + ': ' + summary));
                }
                setTimeout(poll, 50);
              })();
            })
            """
    }

    /// Waits until at least `frames` pictures were drawn, then reads the canvas back.
    public mutating func sampleCanvas(afterFrames frames: Int, seconds: Int = 30) async throws -> CanvasSample {
        try await waitFor("viewer.display.stats.framesDrawn >= \(frames)", seconds: seconds)
        let value = try await evaluate(
            """
            (() => {
              const canvas = document.getElementById('video');
              const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
              let nonBlank = 0, hash = 0;
              for (let i = 0; i < data.length; i += 4) {
                const value = data[i] + data[i + 1] + data[i + 2];
                if (value > 30) nonBlank++;
                hash = (hash * 31 + value) >>> 0;
              }
              return [canvas.width, canvas.height, nonBlank, hash, viewer.display.stats.framesDrawn];
            })()
            """)
        guard let numbers = (value as? [Any])?.compactMap(number), numbers.count == 5 else {
            throw HarnessError("unreadable canvas sample \(String(describing: value))")
        }
        return CanvasSample(
            width: Int(numbers[0]), height: Int(numbers[1]), nonBlank: Int(numbers[2]), hash: numbers[3],
            frames: Int(numbers[4]))
    }

    /// Keeps a copy of the canvas's pixels in the page as `window[name]`, for ``changedFractionExpression(since:)``.
    public mutating func rememberCanvas(as name: String) async throws {
        _ = try await evaluate(
            """
            (() => {
              const canvas = document.getElementById('video');
              window['\(name)'] = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
              return true;
            })()
            """)
    }

    /// JavaScript for the fraction (0…1) of the canvas's pixels that differ clearly (more than 60 in R+G+B, well
    /// above H.264's noise) from the copy ``rememberCanvas(as:)`` kept; 1 when the size changed.
    public static func changedFractionExpression(since name: String) -> String {
        """
        ((reference) => {
          const canvas = document.getElementById('video');
          if (!reference || reference.width !== canvas.width || reference.height !== canvas.height) return 1;
          const now = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
          const before = reference.data;
          let changed = 0;
          for (let i = 0; i < now.length; i += 4) {
            const difference = Math.abs(now[i] - before[i]) + Math.abs(now[i + 1] - before[i + 1])
              + Math.abs(now[i + 2] - before[i + 2]);
            if (difference > 60) changed++;
          }
          return changed / (now.length / 4);
        })(window['\(name)'])
        """
    }

    /// Saves a PNG of the page to `.build/artifacts/<name>` under the package and returns its URL.
    public mutating func saveScreenshot(name: String) async throws -> URL {
        let shot = try await call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw HarnessError("no screenshot data")
        }
        // This file is Tests/BrowserTestSupport/<file>; the package is two folders up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent(".build/artifacts")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}
