import CXCB
import Foundation

/// The X keyboard mapping, read once: which keycode carries a keysym, on its plain level or its shifted one. One
/// round trip serves a whole typed text or key stroke, instead of one per key press and one more per Shift.
///
/// ```swift
/// if let mapping = X11KeyboardMapping(connection: connection), let key = mapping.key(for: 0x61) {  // XK_a
///     print(key.keycode, key.shifted)
/// }
/// ```
struct X11KeyboardMapping: Sendable {
    /// The first keycode the mapping describes.
    let minimumKeycode: UInt8
    /// Keysyms per keycode: the plain level first, then the shifted one, then the others.
    let perKeycode: Int
    /// `perKeycode` keysyms for each keycode from `minimumKeycode` on; 0 is NoSymbol.
    let keysyms: [UInt32]

    init(minimumKeycode: UInt8, perKeycode: Int, keysyms: [UInt32]) {
        self.minimumKeycode = minimumKeycode
        self.perKeycode = perKeycode
        self.keysyms = keysyms
    }

    /// Reads the server's mapping; `nil` when it does not answer.
    init?(connection: OpaquePointer) {
        let setup = xcb_get_setup(connection)
        let minimum = setup?.pointee.min_keycode ?? 8
        let maximum = setup?.pointee.max_keycode ?? 255
        guard maximum >= minimum else { return nil }
        let cookie = xcb_get_keyboard_mapping(connection, minimum, maximum - minimum + 1)
        guard let reply = xcb_get_keyboard_mapping_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let perKeycode = Int(reply.pointee.keysyms_per_keycode)
        guard perKeycode > 0, let keysyms = xcb_get_keyboard_mapping_keysyms(reply) else { return nil }
        let count = Int(xcb_get_keyboard_mapping_keysyms_length(reply))
        self.init(
            minimumKeycode: minimum, perKeycode: perKeycode,
            keysyms: Array(UnsafeBufferPointer(start: keysyms, count: count)))
    }

    /// The key carrying `keysym` on its plain level, or else on its shifted one (`shifted`); `nil` when none does.
    func key(for keysym: UInt32) -> (keycode: UInt8, shifted: Bool)? {
        guard keysym != 0, perKeycode > 0 else { return nil }
        var shifted: UInt8?
        for index in keysyms.indices where keysyms[index] == keysym {
            let keycode = minimumKeycode &+ UInt8(clamping: index / perKeycode)
            switch index % perKeycode {
            case 0: return (keycode, false)
            case 1: shifted = shifted ?? keycode
            default: continue
            }
        }
        return shifted.map { ($0, true) }
    }

    /// The keycodes whose every level is NoSymbol, the highest first.
    var emptyKeycodes: [UInt8] {
        guard perKeycode > 0 else { return [] }
        let count = keysyms.count / perKeycode
        return (0..<count).filter { key in (0..<perKeycode).allSatisfy { keysyms[key * perKeycode + $0] == 0 } }
            .map { minimumKeycode &+ UInt8(clamping: $0) }
            .reversed()
    }
}
