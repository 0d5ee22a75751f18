package import CarWindow

/// The head unit's keyboard for a projected program's focused text field: the keyboard opens on the field's text
/// (its name when empty), what the driver types there is typed into the program as they type it, a submission
/// ends with Return, and a cancelled or timed-out keyboard puts the field's old text back (not for a password
/// field, whose text is never read).
///
/// ```swift
/// let client = ProgramTextField(field: focused, apply: { edits in keyboard.perform(edits) }, closed: { _ in })
/// window.keyboardPresenter?.presentKeyboard(for: client)
/// ```
@CarWindowActor
package final class ProgramTextField: KeyboardClient {
    package let field: FocusedTextField
    private var editor: TextFieldEditor
    private let apply: @CarWindowActor ([TextFieldEdit]) -> Void
    private let closed: @CarWindowActor (KeyboardOutcome) -> Void
    /// True until the keyboard closes.
    package private(set) var isOpen = true
    /// What the edits made the field show; `nil` before the first one.
    package var shownText: String? { editor.shown }

    package init(
        field: FocusedTextField, apply: @escaping @CarWindowActor ([TextFieldEdit]) -> Void,
        closed: @escaping @CarWindowActor (KeyboardOutcome) -> Void
    ) {
        self.field = field
        self.editor = TextFieldEditor(original: field.text)
        self.apply = apply
        self.closed = closed
    }

    /// The field's text to start from (offered again as the one suggestion, to keep it), or its name as the prompt.
    package var keyboardRequest: KeyboardRequest {
        KeyboardRequest(
            initialText: field.text.isEmpty ? field.name : field.text,
            autoCompleteList: field.text.isEmpty ? [] : [field.text], masksInput: field.isSecret)
    }

    package func keyboardDidType(_ entry: String) {
        guard isOpen else { return }
        apply(editor.edits(toShow: entry))
    }

    package func keyboardDidClose(_ outcome: KeyboardOutcome) {
        guard isOpen else { return }
        isOpen = false
        switch outcome {
        case .submitted(let text): apply(editor.edits(toShow: text) + [.submit])
        case .cancelled, .timedOut, .failed:
            if !field.isSecret { apply(editor.restore()) }
        }
        closed(outcome)
    }
}
