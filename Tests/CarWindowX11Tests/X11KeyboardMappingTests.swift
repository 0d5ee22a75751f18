import Testing

@testable import CarWindowX11

@Suite("The X keyboard mapping, read once")
struct X11KeyboardMappingTests {
    /// Keycodes 8...12 with two levels each: a/A, 1/plus, an empty key, minus on the shifted level only, a/A again.
    static let mapping = X11KeyboardMapping(
        minimumKeycode: 8, perKeycode: 2,
        keysyms: [0x61, 0x41, 0x31, 0x2b, 0, 0, 0, 0x2d, 0x61, 0x41])

    @Test("a keysym's key: the plain level first, else the shifted one; the lowest keycode wins")
    func keys() {
        #expect(Self.mapping.key(for: 0x61)?.keycode == 8)
        #expect(Self.mapping.key(for: 0x61)?.shifted == false)
        #expect(Self.mapping.key(for: 0x41)?.keycode == 8)
        #expect(Self.mapping.key(for: 0x41)?.shifted == true)
        #expect(Self.mapping.key(for: 0x2b)?.keycode == 9)
        #expect(Self.mapping.key(for: 0x2d)?.keycode == 11)
        #expect(Self.mapping.key(for: 0x2d)?.shifted == true)
    }

    @Test("a keysym no key carries, and NoSymbol itself, have no key")
    func missing() {
        #expect(Self.mapping.key(for: 0xdf) == nil)  // ssharp
        #expect(Self.mapping.key(for: 0) == nil)
        #expect(X11KeyboardMapping(minimumKeycode: 8, perKeycode: 0, keysyms: []).key(for: 0x61) == nil)
    }

    @Test("the empty keycodes, the highest first (the spare keys lend from the end: the lowest goes first)")
    func empty() {
        #expect(Self.mapping.emptyKeycodes == [10])
        let wide = X11KeyboardMapping(minimumKeycode: 250, perKeycode: 1, keysyms: [0, 0x61, 0, 0, 0, 0])
        #expect(wide.emptyKeycodes == [255, 254, 253, 252, 250])
    }
}
