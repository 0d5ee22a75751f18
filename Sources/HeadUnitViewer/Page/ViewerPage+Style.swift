extension ViewerPage {
    static let style = #"""
        :root { color-scheme: dark; --bg: #111418; --panel: #1b2028; --line: #2c3440; --text: #dde3ea;
          --dim: #8a96a6; --accent: #4fa3ff; --bad: #ff6b6b; --good: #5fd68a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--text); }
        header { display: flex; gap: 1em; align-items: baseline; padding: .6em 1em;
          border-bottom: 1px solid var(--line); }
        h1 { font-size: 1.1em; margin: 0; }
        h2 { font-size: 1em; margin: 0 0 .4em; }
        .good { color: var(--good); } .bad { color: var(--bad); }
        main { display: flex; gap: 1em; padding: 1em; align-items: flex-start; flex-wrap: wrap; }
        #screen-column { flex: 1 1 640px; min-width: 320px; }
        #screen { position: relative; width: 100%; max-width: 1280px; background: #000; border: 1px solid var(--line);
          aspect-ratio: 800 / 480; }
        #video { position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; cursor: crosshair;
          image-rendering: auto; }
        #haptics { position: absolute; inset: 0; pointer-events: none; overflow: hidden; }
        #haptics.hidden { display: none; }
        #haptics div { position: absolute; border: 2px solid rgba(255, 200, 0, .9);
          background: rgba(255, 200, 0, .12); }
        #haptics span { position: absolute; top: 0; left: 2px; font-size: 11px; color: #ffd24d; }
        #haptics div.focused { border: 4px solid var(--accent); background: rgba(79, 163, 255, .18);
          box-shadow: 0 0 0 3px rgba(0, 0, 0, .6); }
        body.haptic-focus #haptics.hidden { display: block; }
        body.haptic-focus #haptics.hidden div:not(.focused) { display: none; }
        body.haptic-focus #haptics div:not(.focused) { opacity: .4; }
        #placeholder { position: absolute; inset: 0; display: grid; place-items: center; color: var(--dim);
          pointer-events: none; }
        #placeholder[hidden] { display: none; }
        #pip-video { width: 1px; height: 1px; opacity: 0; position: absolute; }
        .hint { color: var(--dim); margin: .4em 0; }
        #keyboard { max-width: 1280px; margin-top: .5em; padding: .5em; background: var(--panel);
          border: 1px solid var(--line); border-radius: 6px; display: flex; flex-direction: column; gap: .3em; }
        #keyboard[hidden] { display: none; }
        #keyboard-keys { display: grid; grid-template-columns: repeat(10, 1fr); gap: .3em; }
        #keyboard-actions { display: grid; grid-template-columns: 1fr 4fr 1fr 2fr 2fr; gap: .3em; }
        #keyboard button { padding: .6em 0; font-size: 1.1em; }
        aside { flex: 0 1 320px; display: flex; flex-direction: column; gap: .6em; }
        fieldset { border: 1px solid var(--line); background: var(--panel); border-radius: 6px; margin: 0;
          display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
        legend { color: var(--dim); }
        button, select { background: #263040; color: var(--text); border: 1px solid var(--line); border-radius: 4px;
          padding: .3em .6em; font: inherit; }
        button:hover { border-color: var(--accent); }
        button.active { border-color: var(--accent); background: #1e3a5c; }
        #nav-pad { display: grid; grid-template-columns: repeat(3, 2.4em); gap: .2em; }
        #nav-pad .pad-down { grid-column: 2; }
        [data-button][hidden], .hint[hidden] { display: none; }
        #knob { --angle: 0deg; width: 3.2em; height: 3.2em; border-radius: 50%; border: 2px solid var(--line);
          background: radial-gradient(circle, #2f3a4c, #1a2130); position: relative; cursor: pointer; }
        #knob:focus { outline: 2px solid var(--accent); }
        #knob span { position: absolute; left: calc(50% - 2px); top: 4px; width: 4px; height: 35%;
          background: var(--accent); transform-origin: 2px calc(1.6em - 4px); transform: rotate(var(--angle)); }
        #presets { display: flex; flex-wrap: wrap; gap: .3em; }
        #stats { display: grid; grid-template-columns: auto 1fr; gap: .2em .8em; margin: 0; width: 100%; }
        #stats dt { color: var(--dim); } #stats dd { margin: 0; font-variant-numeric: tabular-nums; }
        #log-section { padding: 0 1em 1em; }
        #log { margin: 0; padding: 0; list-style: none; max-height: 16em; overflow-y: auto;
          border: 1px solid var(--line);
          background: var(--panel); font: 12px/1.5 ui-monospace, monospace; }
        #log li { padding: 0 .6em; border-bottom: 1px solid #20262f; }
        #log li.error { color: var(--bad); }
        #log time { color: var(--dim); margin-right: .6em; }
        """#
}
