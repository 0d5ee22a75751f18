import Hummingbird
import NIOCore

/// The page the viewer serves: plain HTML, CSS and JavaScript, no build step and nothing from a CDN.
///
/// ```
///  GET /            index.html   the layout
///  GET /viewer.css  the style
///  GET /decoder.js  WebCodecs H.264 (and the JPEG fallback) onto the canvas, stats
///  GET /input.js    mouse and touch on the canvas → touch events in head-unit pixels
///  GET /buttons.js  the car's buttons and knob, haptic-focus mode
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
        "/buttons.js": ("text/javascript; charset=utf-8", buttonScript),
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
              <div id="cloud-apps"></div>
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
            <fieldset id="car-buttons">
              <legend>Buttons and knob</legend>
              <div id="nav-pad">
                <button type="button" data-button="NAV_ZOOM_IN" title="NAV_ZOOM_IN">＋</button>
                <button type="button" data-button="NAV_PAN_UP" title="NAV_PAN_UP">▲</button>
                <button type="button" data-button="NAV_ZOOM_OUT" title="NAV_ZOOM_OUT">－</button>
                <button type="button" data-button="NAV_PAN_LEFT" title="NAV_PAN_LEFT">◀</button>
                <button type="button" data-button="NAV_CENTER_LOCATION" title="NAV_CENTER_LOCATION">◎</button>
                <button type="button" data-button="NAV_PAN_RIGHT" title="NAV_PAN_RIGHT">▶</button>
                <button type="button" data-button="NAV_PAN_DOWN" title="NAV_PAN_DOWN" class="pad-down">▼</button>
              </div>
              <button type="button" data-button="OK" title="OK">OK</button>
              <button type="button" data-button="SEARCH" title="SEARCH">Search</button>
              <span id="no-buttons" class="hint">this car has none of these buttons</span>
              <div id="knob" tabindex="0" role="button" aria-label="knob"
                title="Knob: wheel or arrow keys turn it, Enter or a click presses it"><span></span></div>
              <label><input type="checkbox" id="haptic-focus"> Haptic focus</label>
              <span id="no-touch" class="hint" hidden>no touch screen: select with the knob</span>
              <p class="hint">Shift + click = long press. Haptic focus: the knob moves a highlight over the app's haptic
                rects, a press taps its centre; wheel over the screen or arrow keys turn, Enter selects.</p>
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
        <script src="/buttons.js"></script>
        <script src="/viewer.js"></script>
        </body>
        </html>
        """#
}
