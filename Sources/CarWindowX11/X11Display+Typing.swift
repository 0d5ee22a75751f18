import CXCB
import CarWindow

extension X11Display {
    /// XTEST: performs the edits on the focused field; returns the characters no key could type (none when the
    /// keyboard has a spare keycode for them).
    func perform(_ edits: [TextFieldEdit]) -> [Unicode.Scalar] {
        var untyped: [Unicode.Scalar] = []
        for edit in edits {
            switch edit {
            case .selectAll:
                control(pressed: true)
                stroke(0x61)  // a
                control(pressed: false)
            case .deleteBackward(let count):
                for _ in 0..<count { stroke(0xff08) }  // BackSpace
            case .insert(let text):
                for scalar in text.unicodeScalars where !type(Keysym.typing(scalar)) { untyped.append(scalar) }
            case .submit:
                stroke(0xff0d)  // Return
            }
        }
        flush()
        return untyped
    }

    /// Presses and releases the key of `keysym` (with Shift for its shifted level).
    private func stroke(_ keysym: UInt32) {
        if key(keysym, pressed: true) { key(keysym, pressed: false) }
    }

    /// Types one keysym: on the key that carries it, else on a spare keycode lent to it.
    private func type(_ keysym: UInt32) -> Bool {
        if key(keysym, pressed: true) {
            key(keysym, pressed: false)
            return true
        }
        guard let keycode = spareKeys.keycode(for: keysym, connection: connection) else { return false }
        for type in [XCB_KEY_PRESS, XCB_KEY_RELEASE] {
            xcb_test_fake_input(connection, UInt8(type), keycode, UInt32(XCB_CURRENT_TIME), root, 0, 0, 0)
        }
        return true
    }
}
