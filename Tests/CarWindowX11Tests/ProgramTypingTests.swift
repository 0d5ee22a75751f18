import CarWindow
import Logging
import Testing

@testable import CarWindowX11

/// The head unit's keyboard for a projected program, without a program: the edits that follow the keyboard's
/// entries, when a keyboard opens, and what closing it does to the field.
@Suite("Typing into a projected program")
@CarWindowActor
struct ProgramTypingTests {
    @Test("the first entry replaces the field's text; later ones delete back to the common prefix and type the rest")
    func editorFollowsEntries() {
        var editor = TextFieldEditor(original: "Main St")
        #expect(editor.edits(toShow: "H") == [.selectAll, .insert("H")])
        #expect(editor.edits(toShow: "Ha") == [.insert("a")])
        #expect(editor.edits(toShow: "Ha") == [])
        #expect(editor.edits(toShow: "H") == [.deleteBackward(1)])
        #expect(editor.edits(toShow: "Hafenstraße") == [.insert("afenstraße")])
        #expect(editor.edits(toShow: "Hafen Road") == [.deleteBackward(6), .insert(" Road")])
        #expect(editor.restore() == [.deleteBackward(10), .insert("Main St")])
        #expect(editor.shown == "Main St")
    }

    @Test("an empty first entry clears the field; nothing typed restores nothing; entries stop at 500 characters")
    func editorEdges() {
        var cleared = TextFieldEditor(original: "x")
        #expect(cleared.edits(toShow: "") == [.selectAll, .deleteBackward(1)])
        var untouched = TextFieldEditor(original: "Main St")
        #expect(untouched.restore() == [])
        var long = TextFieldEditor(original: "")
        let edits = long.edits(toShow: String(repeating: "a", count: 10_000))
        #expect(edits == [.selectAll, .insert(String(repeating: "a", count: 500))])
        // A grapheme made of two scalars counts once: one BackSpace removes it.
        var accents = TextFieldEditor(original: "")
        _ = accents.edits(toShow: "cafe\u{301}")
        #expect(accents.edits(toShow: "caf") == [.deleteBackward(1)])
    }

    @Test("characters become X keysyms: Latin-1 as itself, the rest of Unicode above 0x1000000, a line break Return")
    func keysyms() {
        #expect(Keysym.typing("a") == 0x61)
        #expect(Keysym.typing("ß") == 0xdf)
        #expect(Keysym.typing("€") == 0x0100_20ac)
        #expect(Keysym.typing("\n") == 0xff0d)
        #expect(Keysym.typing("\t") == 0xff09)
    }

    /// The typing's injected time.
    final class TestClock {
        var now = Duration.zero
    }

    final class Keyboard: KeyboardPresenter {
        var clients: [any KeyboardClient] = []
        func presentKeyboard(for client: any KeyboardClient) { clients.append(client) }
    }

    static let field = FocusedTextField(
        key: ":1.2/org/a11y/atspi/accessible/7", role: "text", name: "Destination", text: "Main St", isSecret: false,
        rect: Rect(x: 0, y: 40, width: 800, height: 34))

    @Test("a tap that focuses a field opens one keyboard on its text; a focus without a tap opens none")
    func opensOnTap() throws {
        var applied: [[TextFieldEdit]] = []
        let clock = TestClock()
        let typing = ProgramTyping(logger: Logger(label: "test"), elapsed: { clock.now }) { applied.append($0) }
        let keyboard = Keyboard()
        // Focused at start (a window's first field): no keyboard until the driver taps it.
        typing.focusChanged(to: Self.field, presenter: keyboard)
        #expect(keyboard.clients.isEmpty)
        typing.tapped(at: Point(x: 400, y: 400), presenter: keyboard)
        #expect(keyboard.clients.isEmpty)
        typing.tapped(at: Point(x: 400, y: 50), presenter: keyboard)
        #expect(keyboard.clients.count == 1)
        let client = try #require(keyboard.clients.first)
        #expect(client.keyboardRequest == KeyboardRequest(initialText: "Main St", autoCompleteList: ["Main St"]))
        // One keyboard at a time.
        typing.tapped(at: Point(x: 400, y: 50), presenter: keyboard)
        #expect(keyboard.clients.count == 1)
        client.keyboardDidType("Ha")
        client.keyboardDidClose(.submitted("Harbour"))
        #expect(applied == [[.selectAll, .insert("Ha")], [.insert("rbour"), .submit]])
        #expect(typing.open == nil)
        // Tapped again before the tree is read again: it opens on what was typed.
        typing.tapped(at: Point(x: 400, y: 50), presenter: keyboard)
        #expect(keyboard.clients.count == 2)
        #expect(keyboard.clients.last?.keyboardRequest.initialText == "Harbour")
        keyboard.clients.last?.keyboardDidClose(.cancelled)
        // A reading from before the last keys were handled does not undo them; one after the settle time is taken.
        var stale = Self.field
        stale.text = "Harb"
        typing.focusChanged(to: stale, presenter: keyboard)
        #expect(typing.focused?.text == "Harbour")
        clock.now += ProgramTyping.settleTime
        typing.focusChanged(to: stale, presenter: keyboard)
        #expect(typing.focused?.text == "Harb")

        // Another field: the tap lands before the accessibility tree says it has the focus.
        typing.focusChanged(to: nil, presenter: keyboard)
        var other = Self.field
        other.key += "9"
        other.rect = Rect(x: 0, y: 200, width: 800, height: 34)
        other.text = ""
        typing.tapped(at: Point(x: 10, y: 210), presenter: keyboard)
        #expect(keyboard.clients.count == 2)
        typing.focusChanged(to: other, presenter: keyboard)
        #expect(keyboard.clients.count == 3)
        #expect(keyboard.clients.last?.keyboardRequest.initialText == "Destination")
    }

    @Test("a cancelled or timed-out keyboard puts the old text back, but never a password's")
    func closing() {
        var applied: [[TextFieldEdit]] = []
        let typed = ProgramTextField(field: Self.field, apply: { applied.append($0) }, closed: { _ in })
        typed.keyboardDidType("zz")
        typed.keyboardDidClose(.timedOut)
        typed.keyboardDidType("late")
        #expect(applied == [[.selectAll, .insert("zz")], [.deleteBackward(2), .insert("Main St")]])

        applied = []
        let secret = FocusedTextField(
            key: "k", role: "password text", name: "PIN", text: "1234", isSecret: true, rect: Self.field.rect)
        #expect(secret.text == "")
        let pin = ProgramTextField(field: secret, apply: { applied.append($0) }, closed: { _ in })
        #expect(pin.keyboardRequest == KeyboardRequest(initialText: "PIN", masksInput: true))
        pin.keyboardDidType("12")
        pin.keyboardDidClose(.cancelled)
        #expect(applied == [[.selectAll, .insert("12")]])
    }
}
