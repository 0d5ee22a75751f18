/// What a head-unit button press becomes in a projected X11 program: a key with modifiers held (`ctrl+plus`,
/// `Return`) or a wheel step (`wheel-down`, `ctrl+wheel-up`), sent through XTEST.
///
/// Key names are X keysym names (`Return`, `Escape`, `Tab`, `Up`, `Page_Down`, `F5`, `XF86Back`...), a single
/// character (`f`, `+`, `/`), or `plus`, `minus`, `equal`, `space`; modifiers are `ctrl`, `shift`, `alt` and `super`,
/// joined with `+`. Names are matched without regard to case, except single letters.
///
/// ```swift
/// let zoom = try X11KeyStroke(parsing: "ctrl+plus")    // Control_L held, plus, released
/// let down = try X11KeyStroke(parsing: "wheel-down")   // button 5 at the pointer
/// ```
public struct X11KeyStroke: Hashable, Sendable, CustomStringConvertible {
    /// The key pressed, or the wheel turned, while the modifiers are held.
    public enum Key: Hashable, Sendable {
        /// An X keysym.
        case keysym(UInt32)
        /// A pointer button: 4 wheel up, 5 down, 6 left, 7 right.
        case wheel(UInt8)
    }

    /// The modifier keysyms, pressed in this order and released in the reverse.
    public var modifiers: [UInt32]
    public var key: Key
    /// The text it was parsed from, for messages and `--help`.
    public var description: String

    /// A bad key stroke: the text and what is wrong with it.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { "'\(text)' is not a key stroke: \(reason)" }
    }

    /// Parses `ctrl+plus`, `Return`, `wheel-down`...
    /// - Throws: ``ParseError`` naming the part that is neither a key nor a modifier.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "ctrl++" and "+" mean the plus key: an empty last part after a "+" is the key itself.
        var names = parts
        if text == "+" {
            names = ["+"]
        } else if text.hasSuffix("++") {
            names = Array(parts.dropLast(2)) + ["+"]
        }
        guard let last = names.last, !last.isEmpty, names.dropLast().allSatisfy({ !$0.isEmpty }) else {
            throw ParseError(text: text, reason: "give KEY or MODIFIER+KEY, e.g. ctrl+plus, Return, wheel-down")
        }
        var modifiers: [UInt32] = []
        for name in names.dropLast() {
            guard let modifier = Self.modifiers[name.lowercased()] else {
                throw ParseError(text: text, reason: "'\(name)' is not a modifier (ctrl, shift, alt, super)")
            }
            modifiers.append(modifier)
        }
        if let wheel = Self.wheels[last.lowercased()] {
            key = .wheel(wheel)
        } else if let keysym = Self.keysym(named: last) {
            key = .keysym(keysym)
        } else {
            throw ParseError(
                text: text,
                reason: "'\(last)' is not a key: give a keysym name (Return, Escape, Tab, Up, Page_Down, F5, "
                    + "XF86Back...), one character, or wheel-up, wheel-down, wheel-left, wheel-right")
        }
        self.modifiers = modifiers
        self.description = text
    }

    static let modifiers: [String: UInt32] = [
        "ctrl": 0xffe3, "control": 0xffe3, "shift": 0xffe1, "alt": 0xffe9, "super": 0xffeb,
    ]

    static let wheels: [String: UInt8] = ["wheel-up": 4, "wheel-down": 5, "wheel-left": 6, "wheel-right": 7]

    /// The keysyms with names, from X11's keysymdef.h and XF86keysym.h: the keys a button mapping needs.
    static let named: [String: UInt32] = {
        var table: [String: UInt32] = [
            "return": 0xff0d, "enter": 0xff0d, "escape": 0xff1b, "tab": 0xff09, "backspace": 0xff08,
            "delete": 0xffff, "insert": 0xff63, "home": 0xff50, "end": 0xff57, "left": 0xff51, "up": 0xff52,
            "right": 0xff53, "down": 0xff54, "page_up": 0xff55, "prior": 0xff55, "page_down": 0xff56,
            "next": 0xff56, "menu": 0xff67, "space": 0x20, "plus": 0x2b, "minus": 0x2d, "equal": 0x3d,
            "comma": 0x2c, "period": 0x2e, "slash": 0x2f, "kp_add": 0xffab, "kp_subtract": 0xffad,
            "kp_enter": 0xff8d, "xf86back": 0x1008_ff26, "xf86forward": 0x1008_ff27, "xf86search": 0x1008_ff1b,
            "xf86zoomin": 0x1008_ff8b, "xf86zoomout": 0x1008_ff8c, "xf86homepage": 0x1008_ff18,
            "xf86audioplay": 0x1008_ff14, "xf86audionext": 0x1008_ff17, "xf86audioprev": 0x1008_ff16,
        ]
        for number in 1...12 { table["f\(number)"] = 0xffbe + UInt32(number - 1) }
        return table
    }()

    /// A keysym by name, or a printable ASCII character as itself (its keysym is its code).
    static func keysym(named name: String) -> UInt32? {
        let scalars = name.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, (0x21...0x7e).contains(scalar.value) { return scalar.value }
        return named[name.lowercased()]
    }
}
