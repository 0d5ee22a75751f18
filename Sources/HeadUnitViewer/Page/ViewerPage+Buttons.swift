extension ViewerPage {
    /// The car's hardware buttons and rotary knob, and haptic-focus mode (docs/headunit.md, "The viewer's buttons
    /// and knob").
    ///
    /// A button click sends `{"type":"button","name":...}` (Shift + click: a long press), the knob
    /// `{"type":"knob","action":"left"|"right"|"press"}`: the head unit carries them out as its console's `button`
    /// and `knob` do. The panel shows the buttons the car has (`state.buttons`). The knob is the head unit's: a turn
    /// moves its highlight over the app's haptic rects in the emulator's order, a press taps the highlighted rect's
    /// centre; the page only draws the highlight the state reports. Haptic-focus mode makes the page a knob-only car:
    /// the wheel over the screen and the arrow keys turn the knob, Enter or Space selects, and clicks on the picture
    /// are not touches. It is on from the start on a car without a touch screen (`state.touchScreen` false).
    static let buttonScript = #"""
        'use strict';
        class ButtonPanel {
          // send(message) sends a page message; log(text) adds a line to the page's event log.
          constructor(send, log) {
            const $ = id => document.getElementById(id);
            this.send = send;
            this.log = log;
            this.panel = $('car-buttons');
            this.knob = $('knob');
            this.toggle = $('haptic-focus');
            this.hapticFocus = false;
            this.touchScreen = true;
            this.angle = 0;
            this.wheelSum = 0;
            this.panel.addEventListener('click', event => {
              const button = event.target.closest('button[data-button]');
              if (button) this.press(button.dataset.button, event.shiftKey);
            });
            this.knob.addEventListener('click', () => this.turn('press'));
            this.knob.addEventListener('keydown', event => this.key(event));
            this.knob.addEventListener('wheel', event => this.wheel(event), { passive: false });
            this.toggle.addEventListener('change', () => this.setHapticFocus(this.toggle.checked));
            // In haptic-focus mode the page is the knob: the wheel over the screen and the arrow keys anywhere
            // outside a form control turn it.
            $('screen').addEventListener('wheel', event => { if (this.hapticFocus) this.wheel(event); },
              { passive: false });
            document.addEventListener('keydown', event => {
              if (!this.hapticFocus || event.target === this.knob) return;
              if (event.target.closest && event.target.closest('input, select, textarea, button')) return;
              this.key(event);
            });
          }

          press(name, long) { this.send({ type: 'button', name, long: !!long }); }

          turn(action) {
            if (action !== 'press') {
              this.angle += action === 'right' ? 30 : -30;
              this.knob.style.setProperty('--angle', this.angle + 'deg');
            }
            this.send({ type: 'knob', action });
          }

          // One step per notch of a mouse wheel (40 px or more in one event); a touchpad's small deltas add up to
          // a step every 40 px.
          wheel(event) {
            event.preventDefault();
            const pixels = event.deltaMode === 0 ? event.deltaY : event.deltaY * 40;
            if (pixels === 0) return;
            if (Math.abs(pixels) >= 40) {
              this.wheelSum = 0;
              return this.turn(pixels > 0 ? 'right' : 'left');
            }
            this.wheelSum += pixels;
            if (Math.abs(this.wheelSum) < 40) return;
            const action = this.wheelSum > 0 ? 'right' : 'left';
            this.wheelSum = 0;
            this.turn(action);
          }

          key(event) {
            const action = { ArrowRight: 'right', ArrowDown: 'right', ArrowLeft: 'left', ArrowUp: 'left',
              Enter: 'press', ' ': 'press' }[event.key];
            if (!action) return;
            event.preventDefault();
            this.turn(action);
          }

          setHapticFocus(on) {
            this.hapticFocus = on;
            this.toggle.checked = on;
            document.body.classList.toggle('haptic-focus', on);
          }

          // Whether a touch on the picture goes to the app: not in haptic-focus mode, where the knob selects (said
          // once per touch, at its start).
          takesTouch(event) {
            if (!this.hapticFocus) return true;
            if (event.type === 'BEGIN') {
              this.log('haptic focus: the screen takes no touches here; turn the knob and press it to select');
            }
            return false;
          }

          show(state) {
            const buttons = new Set(state.buttons || []);
            let shown = 0;
            for (const button of this.panel.querySelectorAll('button[data-button]')) {
              button.hidden = !buttons.has(button.dataset.button);
              if (!button.hidden) shown++;
            }
            document.getElementById('no-buttons').hidden = shown > 0;
            const touchScreen = state.touchScreen !== false;
            // A car without a touch screen selects with the knob: switch the mode on when that becomes known.
            if (!touchScreen && this.touchScreen) this.setHapticFocus(true);
            this.touchScreen = touchScreen;
            document.getElementById('no-touch').hidden = touchScreen;
          }
        }
        """#
}
