extension ViewerPage {
    /// The WebSocket, the controls, the haptic overlay, picture-in-picture and the event log.
    ///
    /// `window.viewer` exposes the state and the stats, for the browser tests and for poking at in the console.
    static let appScript = #"""
        'use strict';
        (() => {
          const $ = id => document.getElementById(id);
          const canvas = $('video');
          const display = new VideoDisplay(canvas, (width, height) => {
            $('screen').style.aspectRatio = width + ' / ' + height;
            $('placeholder').hidden = true;
          });
          const viewer = window.viewer = { display, state: null, socket: null, mode: null, log: [], pipRestore: null };
          let presets = [];

          function log(text, kind, time) {
            const when = new Date(time || Date.now());
            viewer.log.push({ time: when.getTime(), text, kind });
            const item = document.createElement('li');
            if (kind === 'error') item.className = 'error';
            const stamp = document.createElement('time');
            stamp.textContent = when.toLocaleTimeString(undefined, { hour12: false }) + '.'
              + String(when.getMilliseconds()).padStart(3, '0');
            item.append(stamp, text);
            const list = $('log');
            list.prepend(item);
            while (list.children.length > 300) list.lastChild.remove();
          }
          display.onError = text => log(text, 'error');

          function send(message) {
            const socket = viewer.socket;
            if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
          }

          function screen() {
            const s = viewer.state && viewer.state.screen;
            return s ? { width: s.width, height: s.height } : { width: canvas.width, height: canvas.height };
          }
          const buttonPanel = viewer.buttons = new ButtonPanel(send, text => log(text));
          new TouchInput(canvas, event => {
            if (buttonPanel.takesTouch(event)) send({ type: 'touch', event });
          }, screen);

          function describe(event) {
            switch (event.kind) {
              case 'appRegistered': return 'app registered: ' + event.app.name + ' (' + event.app.id + ')';
              case 'appUnregistered': return 'app unregistered: ' + event.appID + ' (' + event.reason + ')';
              case 'hmiLevelChanged': return 'HMI level → ' + event.level;
              case 'appStateChanged': return 'app state → ' + event.state;
              case 'videoStarted': return 'video started: ' + event.format.codec + '/' + event.format.protocol
                + ' ' + event.width + 'x' + event.height;
              case 'videoStopped': return 'video stopped: ' + event.reason;
              case 'videoResized': return 'screen → ' + event.screen.width + 'x' + event.screen.height
                + ' @' + event.screen.scale + 'x';
              case 'formatRejected': return 'format rejected: ' + event.format.codec + '/' + event.format.protocol;
              case 'touch': return 'touch ' + event.touch.type + ' ' + event.touch.event
                .map(t => '#' + t.id + ' (' + t.c[0].x + ',' + t.c[0].y + ') ts ' + t.ts[0]).join(' ');
              case 'hapticRects': return 'haptic rects: ' + event.rects.length;
              case 'keyboardOpened': return "keyboard opened: '" + event.text + "'";
              case 'keyboardClosed': return 'keyboard closed ' + event.result + ": '" + event.text + "'";
              case 'connectionDropped': return 'connection dropped: ' + event.reason;
              case 'error': return event.message;
              default: return event.message || event.kind;
            }
          }

          function fillSelect(select, values, current) {
            if (select.options.length !== values.length) {
              select.replaceChildren(...values.map(v => new Option(v, v)));
            }
            if (current !== undefined && current !== null) select.value = current;
          }

          function showState(state) {
            viewer.state = state;
            fillSelect($('hmi-level'), viewer.hmiLevels || ['FULL', 'LIMITED', 'BACKGROUND', 'NONE'], state.hmiLevel);
            fillSelect($('app-state'), viewer.appStates || ['FOREGROUND', 'BACKGROUND'], state.appState);
            const formats = state.supportedFormats.map(f => f.codec + '/' + f.protocol);
            const chosen = $('format').value;
            fillSelect($('format'), formats, formats.includes(chosen) ? chosen : undefined);
            $('scale').value = String(state.screen.scale);
            const s = state.screen;
            $('screen-size').textContent = s.width + 'x' + s.height + ' @' + s.scale + 'x';
            $('stat-format').textContent = state.format ? state.format.codec + '/' + state.format.protocol
              + (state.isStreaming ? '' : ' (stopped)') : '–';
            // Each app with the transport it came in on (tcp, ws, ...), when the head unit says.
            const via = a => a.transport ? ' · ' + a.transport : '';
            $('app-name').textContent = state.apps.map(a => a.name + ' · ' + a.hmiLevel + via(a)).join(', ');
            // Several apps: the one in FULL is shown unless another is picked here.
            const pick = $('app-pick');
            const labels = state.apps.map(a => a.id + ' · ' + a.name + ' · ' + a.hmiLevel + via(a));
            if ([...pick.options].map(o => o.textContent).join('|') !== labels.join('|')) {
              pick.replaceChildren(...state.apps.map((a, i) => new Option(labels[i], a.id)));
            }
            if (state.projectingApp) pick.value = state.projectingApp;
            pick.disabled = state.apps.length < 2;
            for (const button of $('presets').children) {
              button.classList.toggle('active', Number(button.dataset.width) === state.screen.width
                && Number(button.dataset.height) === state.screen.height);
            }
            buttonPanel.show(state);
            showHaptics(state.hapticRects, state.screen, state.knobHighlight);
            showCloudApps(state.cloudApps || []);
          }

          // The cloud apps the head unit can dial (--cloud-app): the driver's app list, where picking one dials it.
          function showCloudApps(apps) {
            const list = $('cloud-apps');
            const key = apps.map(a => a.id + '|' + a.status).join(';');
            if (list.dataset.key === key) return;
            list.dataset.key = key;
            list.replaceChildren(...apps.map(app => {
              const row = document.createElement('div');
              row.className = 'cloud-app';
              row.dataset.app = app.id;
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = app.connected ? 'Show ' + app.id : 'Activate ' + app.id;
              button.title = app.endpoint;
              button.addEventListener('click', () => send({ type: 'activateCloudApp', app: app.id }));
              const status = document.createElement('span');
              status.className = 'cloud-status';
              status.textContent = ' cloud app · ' + app.status;
              row.append(button, status);
              return row;
            }));
          }

          // Each rect is clipped to the screen, and one wholly outside is not drawn: whatever an app sends, the
          // overlay stays on the video (the layer also hides overflow).
          // The knob's highlighted rect is drawn as the focus (the same id and place: ids need not be unique).
          function showHaptics(rects, s, focus) {
            const layer = $('haptics');
            layer.replaceChildren(...rects.flatMap(r => {
              const left = Math.max(0, r.rect.x), top = Math.max(0, r.rect.y);
              const right = Math.min(s.width, r.rect.x + r.rect.width);
              const bottom = Math.min(s.height, r.rect.y + r.rect.height);
              if (!(right > left && bottom > top)) return [];
              const box = document.createElement('div');
              if (focus && r.id === focus.id && r.rect.x === focus.rect.x && r.rect.y === focus.rect.y) {
                box.className = 'focused';
              }
              box.style.left = (left / s.width * 100) + '%';
              box.style.top = (top / s.height * 100) + '%';
              box.style.width = ((right - left) / s.width * 100) + '%';
              box.style.height = ((bottom - top) / s.height * 100) + '%';
              const label = document.createElement('span');
              label.textContent = r.id;
              box.append(label);
              return [box];
            }));
          }

          function showPresets(list) {
            presets = list;
            $('presets').replaceChildren(...list.map(p => {
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = p.name;
              button.dataset.width = p.width;
              button.dataset.height = p.height;
              button.addEventListener('click', () => resize(p.width, p.height, Number($('scale').value)));
              return button;
            }));
          }

          function resize(width, height, scale) { send({ type: 'resize', width, height, scale }); }

          async function connect() {
            viewer.mode = viewer.mode || await VideoDisplay.chooseMode();
            const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
            socket.binaryType = 'arraybuffer';
            viewer.socket = socket;
            socket.onopen = () => {
              $('connection').textContent = 'connected · ' + (viewer.mode === 'h264' ? 'WebCodecs' : 'JPEG fallback');
              $('connection').className = 'good';
              send({ type: 'hello', decode: viewer.mode });
            };
            socket.onmessage = message => {
              if (typeof message.data !== 'string') { display.push(message.data); return; }
              const data = JSON.parse(message.data);
              if (data.type === 'hello') {
                viewer.hmiLevels = data.hmiLevels; viewer.appStates = data.appStates; showPresets(data.presets);
              } else if (data.type === 'state') showState(data.state);
              else if (data.type === 'event') {
                log(describe(data.event), data.event.kind === 'error' ? 'error' : '', data.time);
                if (data.event.kind === 'keyboardOpened') showKeyboard(true);
                else if (data.event.kind === 'keyboardClosed') showKeyboard(false);
              }
              else if (data.type === 'error') log(data.message, 'error');
            };
            socket.onclose = () => {
              $('connection').textContent = 'disconnected, retrying…';
              $('connection').className = 'bad';
              setTimeout(connect, 1000);
            };
          }

          $('hmi-level').addEventListener('change', e => send({ type: 'setHMILevel', level: e.target.value }));
          $('app-state').addEventListener('change', e => send({ type: 'setAppState', state: e.target.value }));
          $('app-pick').addEventListener('change', e => send({ type: 'selectApp', app: e.target.value }));
          $('scale').addEventListener('change', e => {
            const s = screen();
            resize(s.width, s.height, Number(e.target.value));
          });
          $('reject-format').addEventListener('click', () => {
            const [codec, protocol] = $('format').value.split('/');
            if (codec && protocol) send({ type: 'rejectFormat', codec, protocol });
          });
          $('allow-format').addEventListener('click', () => {
            const [codec, protocol] = $('format').value.split('/');
            if (codec && protocol) send({ type: 'allowFormat', codec, protocol });
          });
          $('drop').addEventListener('click', () => send({ type: 'dropConnection' }));
          $('link-apply').addEventListener('click', () => {
            const kbps = parseInt($('link-kbps').value, 10);
            send(kbps > 0 ? { type: 'linkKbps', kbps } : { type: 'linkKbps' });
          });
          $('distraction').addEventListener('change', e => send({ type: 'driverDistraction', on: e.target.checked }));
          $('day').addEventListener('click', () => send({ type: 'ambientLight', status: 'DAY' }));
          $('night').addEventListener('click', () => send({ type: 'ambientLight', status: 'NIGHT' }));
          $('keyboard-type').addEventListener('click', () => {
            const text = $('keyboard-text').value;
            if (text) send({ type: 'keyboardType', text });
            $('keyboard-text').value = '';
          });
          $('keyboard-submit').addEventListener('click', () => send({ type: 'keyboardSubmit' }));
          $('keyboard-cancel').addEventListener('click', () => send({ type: 'keyboardCancel' }));
          // The on-screen keyboard, shown while the app's keyboard is open: each key types its character on it
          // (keyboardType), as a head unit's keyboard sends a KEYPRESS per key. Shift capitalises the next key.
          const keyRows = ['1234567890', 'qwertyuiop', 'asdfghjkl-', "zxcvbnm,.'"];
          let shifted = false;
          function typeKey(key) {
            send({ type: 'keyboardType', text: shifted ? key.toUpperCase() : key });
            shifted = false;
            $('key-shift').classList.remove('active');
          }
          for (const key of keyRows.join('')) {
            const button = document.createElement('button');
            button.type = 'button';
            button.id = 'key-' + key;
            button.dataset.key = key;
            button.textContent = key;
            $('keyboard-keys').append(button);
          }
          $('keyboard').addEventListener('click', e => {
            const key = e.target.closest('button[data-key]');
            if (key) typeKey(key.dataset.key);
          });
          $('key-shift').addEventListener('click', () => {
            shifted = !shifted;
            $('key-shift').classList.toggle('active', shifted);
          });
          $('key-backspace').addEventListener('click', () => send({ type: 'keyboardBackspace' }));
          $('key-submit').addEventListener('click', () => send({ type: 'keyboardSubmit' }));
          $('key-cancel').addEventListener('click', () => send({ type: 'keyboardCancel' }));
          function showKeyboard(open) {
            $('keyboard').hidden = !open;
            viewer.keyboardOpen = open;
          }

          $('show-haptics').addEventListener('change', e => $('haptics').classList.toggle('hidden', !e.target.checked));

          // Picture-in-picture: shrink the app to its compact view, then show the canvas in the browser's PiP window.
          const pipVideo = $('pip-video');
          async function enterPictureInPicture() {
            const s = viewer.state ? viewer.state.screen : { width: 800, height: 480, scale: 1 };
            viewer.pipRestore = { width: s.width, height: s.height, scale: s.scale };
            const pip = presets.find(p => p.width === 320 && p.height === 240) || { width: 320, height: 240 };
            resize(pip.width, pip.height, 1);
            $('pip').textContent = 'Restore size';
            try {
              if (!document.pictureInPictureEnabled) throw new Error('the browser has no picture-in-picture');
              pipVideo.srcObject = canvas.captureStream(30);
              await pipVideo.play();
              await pipVideo.requestPictureInPicture();
            } catch (error) {
              log('picture-in-picture window unavailable (' + error.message + '); the app stays at the compact size'
                + ' until "Restore size"', 'error');
            }
          }
          function leavePictureInPicture() {
            if (!viewer.pipRestore) return;
            const restore = viewer.pipRestore;
            viewer.pipRestore = null;
            $('pip').textContent = 'Picture-in-picture';
            resize(restore.width, restore.height, restore.scale);
          }
          $('pip').addEventListener('click', async () => {
            if (!viewer.pipRestore) return enterPictureInPicture();
            if (document.pictureInPictureElement) await document.exitPictureInPicture();
            else leavePictureInPicture();
          });
          pipVideo.addEventListener('leavepictureinpicture', leavePictureInPicture);

          setInterval(() => {
            const s = display.stats.summary();
            viewer.summary = s;
            $('stat-decoder').textContent = s.decoder;
            $('stat-fps').textContent = s.fps;
            $('stat-bitrate').textContent = (s.bitsPerSecond / 1000).toFixed(0) + ' kbit/s';
            $('stat-resolution').textContent = s.width ? s.width + 'x' + s.height : '–';
            $('stat-dropped').textContent =
              s.dropped + ' (server ' + s.serverDropped + ', page ' + s.clientDropped + ')';
            $('stat-latency').textContent = s.latency === null ? '–'
              : s.latency.toFixed(1) + ' ms (head unit → server send ' + s.serverLatency.toFixed(1) + ' ms)';
          }, 500);

          connect();
        })();
        """#
}
