import CXCB
import CarWindow
import Foundation

extension X11Display {
    /// How long a program gets to apply a keyboard mapping change before the first key on it is pressed.
    static let mappingSettle: TimeInterval = 0.1

    /// XTEST: performs the edits on the focused field, in order, on the display's typing queue (edits from later
    /// calls wait for earlier ones); reports the characters no key could type (none when the keyboard has a spare
    /// keycode for them).
    ///
    /// Characters no key carries get their spare keycodes first, all at once, and the queue pauses for
    /// ``mappingSettle`` when that changed the mapping: X sends the change ahead of the key press, but Chromium applies
    /// it later than it reads the key, and an `ß` typed at once is lost. The pause holds the typing queue, never a
    /// caller's thread.
    func perform(_ edits: [TextFieldEdit], untyped report: @escaping @Sendable ([Unicode.Scalar]) -> Void) {
        typingQueue.async { [self] in
            // One read of the mapping for all the keys: lending spare keycodes changes only keycodes it has none for.
            let mapping = X11KeyboardMapping(connection: connection)
            var changed = false
            for case .insert(let text) in edits {
                for scalar in text.unicodeScalars {
                    let keysym = Keysym.typing(scalar)
                    if mapping?.key(for: keysym) == nil {
                        changed = spareKeys.lend(keysym, connection: connection).changed || changed
                    }
                }
            }
            if changed {
                flush()
                Thread.sleep(forTimeInterval: Self.mappingSettle)
            }
            var untyped: [Unicode.Scalar] = []
            for edit in edits {
                switch edit {
                case .selectAll:
                    control(pressed: true)
                    stroke(0x61, mapping)  // a
                    control(pressed: false)
                case .deleteBackward(let count):
                    for _ in 0..<count { stroke(0xff08, mapping) }  // BackSpace
                case .insert(let text):
                    for scalar in text.unicodeScalars where !type(Keysym.typing(scalar), mapping) {
                        untyped.append(scalar)
                    }
                case .submit:
                    stroke(0xff0d, mapping)  // Return
                }
            }
            flush()
            report(untyped)
        }
    }

    /// Presses and releases the key of `keysym` (with Shift for its shifted level).
    private func stroke(_ keysym: UInt32, _ mapping: X11KeyboardMapping?) {
        guard let mapping else { return }
        if key(keysym, pressed: true, mapping: mapping) { key(keysym, pressed: false, mapping: mapping) }
    }

    /// Types one keysym: on the key that carries it, else on the spare keycode lent to it.
    private func type(_ keysym: UInt32, _ mapping: X11KeyboardMapping?) -> Bool {
        if let mapping, key(keysym, pressed: true, mapping: mapping) {
            key(keysym, pressed: false, mapping: mapping)
            return true
        }
        guard let keycode = spareKeys.lend(keysym, connection: connection).keycode else { return false }
        for type in [XCB_KEY_PRESS, XCB_KEY_RELEASE] {
            xcb_test_fake_input(connection, UInt8(type), keycode, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0)
        }
        return true
    }
}
