extension ViewerPage {
    /// Turns pointer input on the canvas into SDL touch events in head-unit pixels.
    ///
    /// Mouse: click = BEGIN+END (a tap), drag = BEGIN, MOVE…, END (a pan), Shift + drag = a pinch: finger 0 follows
    /// the mouse and finger 1 mirrors it around the start point. Touch screens: each finger gets the lowest free id.
    /// Timestamps are the DOM event's `timeStamp` rounded to milliseconds (monotonic, origin = page load).
    static let inputScript = #"""
        'use strict';
        class TouchInput {
          // send(event) gets {type, touches: [{id, x, y, ts}]}; screen() returns {width, height} in head-unit pixels.
          constructor(canvas, send, screen) {
            this.canvas = canvas;
            this.send = send;
            this.screen = screen;
            this.pointers = new Map();   // pointerId → {fingers: [ids], start: {x, y}, pinch, last}
            for (const name of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
              canvas.addEventListener(name, event => this[name](event));
            }
            canvas.addEventListener('contextmenu', event => event.preventDefault());
          }

          // Canvas CSS pixels → head-unit pixels, clamped inside the screen.
          toHeadUnit(event) {
            const rect = this.canvas.getBoundingClientRect();
            const { width, height } = this.screen();
            const x = (event.clientX - rect.left) / rect.width * width;
            const y = (event.clientY - rect.top) / rect.height * height;
            return { x: Math.min(Math.max(Math.round(x), 0), width - 1),
                     y: Math.min(Math.max(Math.round(y), 0), height - 1) };
          }

          freeFingerId() {
            const used = new Set([...this.pointers.values()].flatMap(p => p.fingers));
            for (let id = 0; id <= 9; id++) if (!used.has(id)) return id;
            return null;
          }

          touches(pointer, point, ts) {
            if (!pointer.pinch) return [{ id: pointer.fingers[0], x: point.x, y: point.y, ts }];
            const { width, height } = this.screen();
            const mirror = {
              x: Math.min(Math.max(2 * pointer.start.x - point.x, 0), width - 1),
              y: Math.min(Math.max(2 * pointer.start.y - point.y, 0), height - 1),
            };
            return [{ id: pointer.fingers[0], x: point.x, y: point.y, ts },
                    { id: pointer.fingers[1], x: mirror.x, y: mirror.y, ts }];
          }

          pointerdown(event) {
            if (event.pointerType === 'mouse' && event.button !== 0) return;
            event.preventDefault();
            const first = this.freeFingerId();
            if (first === null) return;
            const pinch = event.pointerType === 'mouse' && event.shiftKey;
            const fingers = [first];
            if (pinch) {
              this.pointers.set(-1, { fingers: [first] });   // reserve the first id while choosing the second
              const second = this.freeFingerId();
              this.pointers.delete(-1);
              if (second === null) return;
              fingers.push(second);
            }
            const point = this.toHeadUnit(event);
            const pointer = { fingers, start: point, pinch, last: point };
            this.pointers.set(event.pointerId, pointer);
            this.canvas.setPointerCapture(event.pointerId);
            this.send({ type: 'BEGIN', touches: this.touches(pointer, point, Math.round(event.timeStamp)) });
          }

          pointermove(event) {
            const pointer = this.pointers.get(event.pointerId);
            if (!pointer) return;
            const point = this.toHeadUnit(event);
            if (point.x === pointer.last.x && point.y === pointer.last.y) return;
            pointer.last = point;
            this.send({ type: 'MOVE', touches: this.touches(pointer, point, Math.round(event.timeStamp)) });
          }

          pointerup(event) { this.finish(event, 'END'); }
          pointercancel(event) { this.finish(event, 'CANCEL'); }

          finish(event, type) {
            const pointer = this.pointers.get(event.pointerId);
            if (!pointer) return;
            this.pointers.delete(event.pointerId);
            const point = type === 'END' ? this.toHeadUnit(event) : pointer.last;
            this.send({ type, touches: this.touches(pointer, point, Math.round(event.timeStamp)) });
          }
        }
        """#
}
