/// X11 keysyms for typing, shared by XTEST (X11) and the virtual keyboard's keymaps (Wayland, whose xkb keymaps name
/// keys by the same keysyms).
package enum Keysym {
    /// A character's keysym: Latin-1 is its own code, the rest of Unicode 0x0100_0000 plus its code point (X11's
    /// keysymdef.h); a line break is Return and a tab is Tab.
    ///
    /// ```swift
    /// Keysym.typing("ß")  // 0xdf
    /// ```
    package static func typing(_ scalar: Unicode.Scalar) -> UInt32 {
        switch scalar.value {
        case 0x0a, 0x0d: 0xff0d
        case 0x09: 0xff09
        case 0x20...0x7e, 0xa0...0xff: scalar.value
        default: 0x0100_0000 + scalar.value
        }
    }
}
