/// What a keyboard types into: a ``TextField``, or a projected program's focused text field
/// (`ProgramTextField` in CarWindowX11). A ``KeyboardPresenter`` opens the keyboard with the client's
/// ``keyboardRequest`` and reports back while the user types and once when the keyboard closes.
///
/// ```swift
/// final class NoteField: KeyboardClient {
///     var note = ""
///     var keyboardRequest: KeyboardRequest { KeyboardRequest(initialText: note) }
///     func keyboardDidType(_ entry: String) { note = entry }
///     func keyboardDidClose(_ outcome: KeyboardOutcome) {
///         if case .submitted(let text) = outcome { note = text }
///     }
/// }
/// window.keyboardPresenter?.presentKeyboard(for: noteField)
/// ```
@CarWindowActor
public protocol KeyboardClient: AnyObject {
    /// What the keyboard shows and offers when it opens.
    var keyboardRequest: KeyboardRequest { get }
    /// The whole entry, each time the user changes it.
    func keyboardDidType(_ entry: String)
    /// The keyboard closed; called once.
    func keyboardDidClose(_ outcome: KeyboardOutcome)
}
