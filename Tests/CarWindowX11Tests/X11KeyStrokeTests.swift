import CarWindow
import SDLRPC
import Testing

@testable import CarWindowX11

@Suite("Head-unit buttons to X11 key strokes")
struct X11KeyStrokeTests {
    @Test(
        "parses keys, modifiers and wheel steps",
        arguments: [
            ("Return", [], X11KeyStroke.Key.keysym(0xff0d)),
            ("ctrl+plus", [0xffe3], .keysym(0x2b)),
            ("ctrl++", [0xffe3], .keysym(0x2b)),
            ("+", [], .keysym(0x2b)),
            ("Shift+Tab", [0xffe1], .keysym(0xff09)),
            ("ctrl+alt+Page_Down", [0xffe3, 0xffe9], .keysym(0xff56)),
            ("f", [], .keysym(0x66)),
            ("F", [], .keysym(0x46)),
            ("F5", [], .keysym(0xffc2)),
            ("XF86Back", [], .keysym(0x1008_ff26)),
            ("wheel-down", [], .wheel(5)),
            ("ctrl+wheel-up", [0xffe3], .wheel(4)),
        ] as [(String, [UInt32], X11KeyStroke.Key)])
    func parses(text: String, modifiers: [UInt32], key: X11KeyStroke.Key) throws {
        let stroke = try X11KeyStroke(parsing: text)
        #expect(stroke.modifiers == modifiers)
        #expect(stroke.key == key)
    }

    @Test(
        "refuses what is neither a key nor a modifier, saying which part",
        arguments: [
            ("", "KEY or MODIFIER+KEY"), ("ctrl+", "KEY or MODIFIER+KEY"), ("ctrl++plus", "KEY or MODIFIER+KEY"),
            ("hyper+a", "'hyper' is not a modifier"), ("ctrl+Zoom", "'Zoom' is not a key"), ("é", "'é' is not a key"),
        ])
    func refuses(text: String, reason: String) {
        #expect {
            try X11KeyStroke(parsing: text)
        } throws: { error in
            (error as? X11KeyStroke.ParseError)?.reason.contains(reason) == true
        }
    }

    @Test("a mapped button's press holds the modifiers around the key; its down and up send nothing")
    func mapsPresses() throws {
        var options = ProgramInputOptions()
        options.buttons[.navZoomIn] = try X11KeyStroke(parsing: "ctrl+plus")
        options.buttons[.navPanDown] = try X11KeyStroke(parsing: "wheel-down")
        let mapper = X11InputMapper(options: options)
        #expect(
            mapper.actions(for: ProjectionButton(.navZoomIn, .shortPress)) == [
                .key(0xffe3, pressed: true), .key(0x2b, pressed: true), .key(0x2b, pressed: false),
                .key(0xffe3, pressed: false),
            ])
        #expect(mapper.actions(for: ProjectionButton(.navZoomIn, .longPress))?.count == 4)
        #expect(mapper.actions(for: ProjectionButton(.navZoomIn, .down)) == [])
        #expect(
            mapper.actions(for: ProjectionButton(.navPanDown, .shortPress)) == [
                .button(5, pressed: true), .button(5, pressed: false),
            ])
        #expect(mapper.actions(for: ProjectionButton(.ok, .shortPress)) == nil, "an unmapped button is not taken")
    }
}
