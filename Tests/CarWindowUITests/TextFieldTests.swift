import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

@Suite("Text field")
@CarWindowActor
struct TextFieldTests {
    func makeField() throws -> (Window, TextField, ScriptedKeyboard) {
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)))
        let field = TextField(text: "Home", placeholder: "Where to?")
        field.frame = Rect(x: 20, y: 20, width: 400, height: 56)
        let root = View()
        root.addSubview(field)
        window.rootView = root
        let keyboard = ScriptedKeyboard()
        window.keyboardPresenter = keyboard
        return (window, field, keyboard)
    }

    @Test("a tap opens the keyboard; keypresses show as they come; a submission sets the text and reports it")
    func submit() throws {
        let (window, field, keyboard) = try makeField()
        var changes: [String] = []
        var submitted: [String] = []
        field.onChange = { changes.append($0) }
        field.onSubmit = { submitted.append($0) }
        window.handleTouch(T.begin(100, 40, ts: 0))
        window.handleTouch(T.end(100, 40, ts: 50))
        #expect(keyboard.presented.count == 1 && field.isEditing)
        window.handleTouch(T.begin(100, 40, ts: 1000))
        window.handleTouch(T.end(100, 40, ts: 1050))
        #expect(keyboard.presented.count == 1)  // already open
        field.keyboardDidType("M")
        field.keyboardDidType("Ma")
        #expect(field.text == "Ma")
        field.keyboardDidClose(.submitted("Main Street"))
        #expect(field.text == "Main Street" && !field.isEditing)
        #expect(changes == ["M", "Ma"] && submitted == ["Main Street"])
        field.keyboardDidType("late")  // after closing: ignored
        #expect(field.text == "Main Street")
    }

    @Test("cancel, timeout and failure keep the text from before editing and report why")
    func cancel() throws {
        let (window, field, keyboard) = try makeField()
        defer { withExtendedLifetime((window, keyboard)) {} }  // views and the window hold these weakly
        var outcomes: [KeyboardOutcome] = []
        field.onCancel = { outcomes.append($0) }
        for outcome in [KeyboardOutcome.cancelled, .timedOut, .failed("DISALLOWED")] {
            field.beginEditing()
            field.keyboardDidType("Zoo")
            field.keyboardDidClose(outcome)
            #expect(field.text == "Home")
        }
        #expect(outcomes == [.cancelled, .timedOut, .failed("DISALLOWED")])
        window.keyboardPresenter = nil
        field.beginEditing()
        #expect(outcomes.last == .failed("no keyboard presenter") && !field.isEditing)
    }
}
