import Hummingbird
import NIOCore

/// The page the viewer serves: plain HTML, CSS and JavaScript, no build step and nothing from a CDN.
///
/// ```
///  GET /            index.html   the layout
///  GET /viewer.css  the style
///  GET /decoder.js  WebCodecs H.264 (and the JPEG fallback) onto the canvas, stats
///  GET /input.js    mouse and touch on the canvas → touch events in head-unit pixels
///  GET /viewer.js   the WebSocket, controls, haptic overlay, picture-in-picture, event log
///  GET /ws          the WebSocket
/// ```
///
/// The files are Swift strings so the `carwindow` binary carries them with no resource bundle to find at run time.
enum ViewerPage {
    /// The files by path, with their content types.
    static let files: [String: (contentType: String, body: String)] = [
        "/": ("text/html; charset=utf-8", html),
        "/viewer.css": ("text/css; charset=utf-8", style),
        "/decoder.js": ("text/javascript; charset=utf-8", decoderScript),
        "/input.js": ("text/javascript; charset=utf-8", inputScript),
        "/viewer.js": ("text/javascript; charset=utf-8", appScript),
    ]

    static func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        for (path, file) in files {
            let body = ByteBuffer(string: file.body)
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: file.contentType, .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: body))
            }
        }
    }

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>CarWindow head unit</title>
        <link rel="stylesheet" href="/viewer.css">
        </head>
        <body>
        <header>
          <h1>CarWindow head unit</h1>
          <span id="connection" class="bad">connecting…</span>
          <span id="app-name"></span>
        </header>
        <main>
          <section id="screen-column">
            <div id="screen">
              <canvas id="video" width="800" height="480"></canvas>
              <div id="haptics"></div>
              <div id="placeholder">waiting for video…</div>
            </div>
            <div id="keyboard" hidden>
              <div id="keyboard-keys"></div>
              <div id="keyboard-actions">
                <button id="key-shift" type="button">⇧</button>
                <button id="key-space" type="button" data-key=" ">space</button>
                <button id="key-backspace" type="button">⌫</button>
                <button id="key-submit" type="button">Submit</button>
                <button id="key-cancel" type="button">Cancel</button>
              </div>
            </div>
            <p class="hint">Click = tap · drag = pan · Shift + drag or two fingers = pinch</p>
            <video id="pip-video" muted playsinline></video>
          </section>
          <aside>
            <fieldset>
              <legend>App</legend>
              <label>Shown <select id="app-pick"></select></label>
              <label>HMI level <select id="hmi-level"></select></label>
              <label>App state <select id="app-state"></select></label>
            </fieldset>
            <fieldset>
              <legend>Screen <span id="screen-size"></span></legend>
              <div id="presets"></div>
              <label>Scale <select id="scale">
                <option value="1">1×</option><option value="1.25">1.25×</option>
                <option value="1.5">1.5×</option><option value="2">2×</option>
              </select></label>
              <button id="pip" type="button">Picture-in-picture</button>
              <label><input type="checkbox" id="show-haptics" checked> Haptic rects</label>
            </fieldset>
            <fieldset>
              <legend>Connection</legend>
              <label>Format <select id="format"></select></label>
              <button id="reject-format" type="button">Reject format</button>
              <button id="allow-format" type="button">Allow again</button>
              <button id="drop" type="button">Drop connection</button>
              <label>Link <input id="link-kbps" type="number" min="1" step="100" placeholder="no cap"> kbit/s</label>
              <button id="link-apply" type="button">Set link</button>
            </fieldset>
            <details id="car-controls">
              <summary>Car and keyboard</summary>
              <label><input type="checkbox" id="distraction"> Driving (driver distraction)</label>
              <button id="day" type="button">Day</button>
              <button id="night" type="button">Night</button>
              <input id="keyboard-text" type="text" placeholder="text for the app's keyboard">
              <button id="keyboard-type" type="button">Type</button>
              <button id="keyboard-submit" type="button">Submit</button>
              <button id="keyboard-cancel" type="button">Cancel</button>
            </details>
            <fieldset>
              <legend>Stats</legend>
              <dl id="stats">
                <dt>Decoder</dt><dd id="stat-decoder">–</dd>
                <dt>FPS received</dt><dd id="stat-fps">–</dd>
                <dt>Bitrate</dt><dd id="stat-bitrate">–</dd>
                <dt>Resolution</dt><dd id="stat-resolution">–</dd>
                <dt>Format</dt><dd id="stat-format">–</dd>
                <dt>Frames dropped</dt><dd id="stat-dropped">–</dd>
                <dt>Latency</dt><dd id="stat-latency">–</dd>
              </dl>
            </fieldset>
          </aside>
        </main>
        <section id="log-section">
          <h2>Events</h2>
          <ol id="log"></ol>
        </section>
        <script src="/decoder.js"></script>
        <script src="/input.js"></script>
        <script src="/viewer.js"></script>
        </body>
        </html>
        """#
}
