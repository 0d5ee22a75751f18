/// The instrument `carwindow bench glass` puts into the viewer page: timestamps of the click and of every stage of
/// the frame that first shows its effect, all on the page's wall clock (`performance.timeOrigin +
/// performance.now()`), which is this machine's clock, the same one the head unit stamps frames with.
///
/// How a frame is judged to show the tap: right after the page draws a frame onto its canvas, in the same task (so
/// the read-back cannot be stale), the probe shrinks the canvas to 160x96 and counts the pixels that differ clearly
/// (R+G+B by more than 60, well above H.264's noise) from the picture before the click; it reports what those checks
/// cost the page's main thread. The demo's vehicle moves a few pixels; a zoom redraws most of the map, so
/// `threshold` separates the two. No page timer measures anything: the stamps come from the events themselves
/// (pointer events, the WebSocket message, the decoder's output, the next animation frame), so throttled timers in a
/// headless page cannot skew them.
enum BenchGlassProbe {
    /// Installs `window.glassProbe` once; evaluates to `true`.
    static let install = #"""
        (() => {
          if (window.glassProbe) return true;
          const display = viewer.display;
          const canvas = document.getElementById('video');
          const wall = () => performance.timeOrigin + performance.now();
          const small = document.createElement('canvas');
          small.width = 160; small.height = 96;
          const smallContext = small.getContext('2d', { willReadFrequently: true });
          function thumbnail(source) {
            smallContext.drawImage(source, 0, 0, small.width, small.height);
            return smallContext.getImageData(0, 0, small.width, small.height).data;
          }
          function changedFraction(a, b) {
            if (!a || !b || a.length !== b.length) return 1;
            let changed = 0;
            for (let i = 0; i < a.length; i += 4) {
              if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) changed++;
            }
            return changed / (a.length / 4);
          }
          const probe = window.glassProbe = { threshold: 0.05, armed: null, received: new Map(), shotReference: null };

          // The newest arrival time and size per frame sequence number, bounded.
          const push = display.push.bind(display);
          display.push = buffer => {
            const header = parseFrameHeader(buffer);
            probe.received.set(header.sequence, { time: wall(), bytes: buffer.byteLength - header.headerLength });
            if (probe.received.size > 256) probe.received.delete(probe.received.keys().next().value);
            push(buffer);
          };

          const paint = display.paint.bind(display);
          display.paint = (image, width, height, header) => {
            const decoded = wall();
            paint(image, width, height, header);
            const drawn = wall();
            const tap = probe.armed;
            if (!tap || tap.released === null || tap.result || !header) return;
            tap.framesBefore++;
            const fraction = changedFraction(thumbnail(canvas), tap.reference);
            tap.checking += wall() - drawn;
            if (fraction < probe.threshold) return;
            const result = tap.result = {
              pressed: tap.pressed, released: tap.released, sent: tap.sent, arrival: header.arrivalTime,
              serverSend: header.sendTime, received: probe.received.get(header.sequence)?.time ?? null, decoded,
              bytes: probe.received.get(header.sequence)?.bytes ?? null, keyframe: header.keyframe,
              drawn, presented: null, fraction, framesBefore: tap.framesBefore - 1,
              sequence: header.sequence, replay: header.replay, checking: tap.checking,
            };
            // The canvas reaches the glass with the next composited frame. Should no animation frame come (a
            // hidden page), the tap still ends, without that stamp.
            requestAnimationFrame(() => { result.presented = wall(); tap.resolve(result); });
            setTimeout(() => tap.resolve(result), 1000);
          };

          // The tap's own events, stamped as they happen: press, release, and the touch messages the page sends.
          canvas.addEventListener('pointerdown', () => {
            if (probe.armed && probe.armed.pressed === null) probe.armed.pressed = wall();
          }, true);
          canvas.addEventListener('pointerup', () => {
            if (probe.armed && probe.armed.released === null) probe.armed.released = wall();
          }, true);
          const send = WebSocket.prototype.send;
          WebSocket.prototype.send = function (data) {
            const tap = probe.armed;
            if (tap && tap.released !== null && tap.sent === null && typeof data === 'string'
                && data.startsWith('{"type":"touch"') && data.includes('"END"')) tap.sent = wall();
            return send.call(this, data);
          };

          // Arms the probe for the next click: the canvas as it is now is the "before" picture.
          probe.arm = () => {
            let resolve;
            const done = new Promise(r => { resolve = r; });
            probe.armed = { reference: thumbnail(canvas), pressed: null, released: null, sent: null, result: null,
              framesBefore: 0, checking: 0, resolve, done };
            return true;
          };
          // The armed tap's stamps, once a frame showed it; rejects after `ms` with what was seen.
          probe.result = ms => {
            const tap = probe.armed;
            if (!tap) return Promise.reject(new Error('the probe was not armed'));
            return Promise.race([tap.done, new Promise((_, reject) => setTimeout(() => reject(new Error(
              'no frame showed the tap within ' + ms + ' ms: pressed ' + (tap.pressed !== null) + ', released '
              + (tap.released !== null) + ', touch sent ' + (tap.sent !== null) + ', frames drawn after it '
              + tap.framesBefore + ', page stats ' + JSON.stringify(viewer.display.stats.summary()))), ms))]);
          };

          // The screenshot cross-check: a screenshot (base64 JPEG of the canvas) as the "before" picture, then
          // whether a later one differs from it as much as a tap's frame must.
          async function decodeShot(base64) {
            const blob = await (await fetch('data:image/jpeg;base64,' + base64)).blob();
            const bitmap = await createImageBitmap(blob);
            const data = thumbnail(bitmap);
            bitmap.close();
            return data;
          }
          probe.rememberShot = async base64 => { probe.shotReference = await decodeShot(base64); return true; };
          probe.shotChanged = async base64 =>
            changedFraction(await decodeShot(base64), probe.shotReference) >= probe.threshold;
          return true;
        })()
        """#

    /// The stamps of one tap, in milliseconds on the page's wall clock (`nil` where a stage left none).
    struct Tap: Sendable {
        var pressed: Double
        var released: Double
        var sent: Double?
        /// The head unit's wall clock when the emulator had the frame (the viewer's frame header).
        var arrival: Double
        /// The viewer server's wall clock when it sent the frame to the page.
        var serverSend: Double
        var received: Double?
        var decoded: Double
        var drawn: Double
        var presented: Double?
        /// Frames drawn after the release that did not show the tap yet.
        var framesBefore: Int
        /// Milliseconds of the page's main thread the probe's pixel checks took during the tap (its own cost).
        var checking: Double?
        /// The size of the access unit that showed the tap, and whether it was a key frame.
        var bytes: Int?
        var keyframe: Bool
        /// The app's frame that the head unit received (the demo's `frame` line), once matched.
        var appFrame: BenchGlassAppFrame?

        /// Glass to glass: release to presented (drawn when no animation frame came).
        var total: Double { (presented ?? drawn) - released }

        init?(_ value: Any?) {
            guard let object = value as? [String: Any] else { return nil }
            func number(_ key: String) -> Double? {
                switch object[key] {
                case let value as Double: value
                case let value as Int: Double(value)
                default: nil
                }
            }
            guard let pressed = number("pressed"), let released = number("released"), let arrival = number("arrival"),
                let serverSend = number("serverSend"), let decoded = number("decoded"), let drawn = number("drawn")
            else { return nil }
            self.pressed = pressed
            self.released = released
            self.arrival = arrival
            self.serverSend = serverSend
            self.decoded = decoded
            self.drawn = drawn
            sent = number("sent")
            received = number("received")
            presented = number("presented")
            framesBefore = Int(number("framesBefore") ?? 0)
            bytes = number("bytes").map { Int($0) }
            checking = number("checking")
            keyframe = object["keyframe"] as? Bool ?? false
        }
    }
}
