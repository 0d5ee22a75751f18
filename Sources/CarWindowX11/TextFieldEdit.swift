/// One step that brings a program's text field to what the head unit's keyboard holds, as a person at a keyboard
/// would do it: the field has the focus and its cursor at the end of what was typed.
package enum TextFieldEdit: Hashable, Sendable {
    /// Select the field's whole text (Ctrl+A), so the next insertion replaces it.
    case selectAll
    /// Delete this many characters before the cursor (BackSpace), or the selection (one BackSpace).
    case deleteBackward(Int)
    /// Type this text at the cursor.
    case insert(String)
    /// Activate the field (Return): a search box searches, a form submits.
    case submit
}
