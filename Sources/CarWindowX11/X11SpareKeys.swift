import CXCB
import NIOConcurrencyHelpers

/// Keycodes the X keyboard leaves empty, lent to keysyms no key carries (`ß`, `é`, `€` on a US layout), so any
/// character can be typed through XTEST. X delivers a mapping change before the key press that follows it, but a
/// program may apply it later than it reads the key (Chromium does, under load), so a key is lent ahead of its
/// first press (``lend(_:connection:)``) and keeps its keysym for the display's life. When every spare keycode is
/// lent, the longest-lent is taken back for the new keysym.
final class X11SpareKeys: @unchecked Sendable {
    // Unchecked: the XCB connection is thread-safe; the bookkeeping is behind the lock.
    private struct State {
        /// Empty keycodes not lent yet; `nil` until the keyboard mapping was read.
        var free: [UInt8]?
        var lent: [UInt32: UInt8] = [:]
        /// Lent keysyms, the oldest first.
        var order: [UInt32] = []
    }

    private let state = NIOLockedValueBox(State())

    /// The keycode lent to `keysym`, lending one (and changing the keyboard mapping) unless one is lent already;
    /// `nil` when the keyboard has no empty keycode. `changed` says whether the mapping changed.
    func lend(_ keysym: UInt32, connection: OpaquePointer) -> (keycode: UInt8?, changed: Bool) {
        state.withLockedValue { state -> (UInt8?, Bool) in
            if let keycode = state.lent[keysym] { return (keycode, false) }
            if state.free == nil { state.free = X11KeyboardMapping(connection: connection)?.emptyKeycodes ?? [] }
            let keycode: UInt8
            if let next = state.free?.popLast() {
                keycode = next
            } else if !state.order.isEmpty, let oldest = state.lent.removeValue(forKey: state.order.removeFirst()) {
                keycode = oldest
            } else {
                return (nil, false)
            }
            // Both levels carry the keysym, so a held Shift changes nothing.
            var keysyms: [xcb_keysym_t] = [keysym, keysym]
            xcb_change_keyboard_mapping(connection, 1, keycode, 2, &keysyms)
            state.lent[keysym] = keycode
            state.order.append(keysym)
            return (keycode, true)
        }
    }
}
