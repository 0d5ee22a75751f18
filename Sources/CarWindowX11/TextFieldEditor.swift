/// Turns the entries of the head unit's keyboard (each KEYPRESS carries the whole entry) into the fewest
/// ``TextFieldEdit``s that make a program's field show the same text. Pure: it remembers only what it made the field
/// show.
///
/// The first entry replaces the field's text (select all, then type), as the head unit's keyboard starts from its
/// own empty entry; later ones delete back to the common prefix and type the rest.
///
/// ```swift
/// var editor = TextFieldEditor(original: "Main St")
/// editor.edits(toShow: "H")   // [.selectAll, .insert("H")]
/// editor.edits(toShow: "Ha")  // [.insert("a")]
/// editor.edits(toShow: "H")   // [.deleteBackward(1)]
/// editor.restore()            // [.selectAll, .insert("Main St")]
/// ```
package struct TextFieldEditor: Hashable, Sendable {
    /// The field's text before the keyboard opened.
    package let original: String
    /// What the field shows after the edits returned so far; `nil` before the first one.
    package private(set) var shown: String?

    package init(original: String) {
        self.original = String(original.prefix(FocusedTextField.maximumTextLength))
    }

    /// The edits that make the field show `entry` (cut to ``FocusedTextField/maximumTextLength`` characters).
    package mutating func edits(toShow entry: String) -> [TextFieldEdit] {
        let entry = String(entry.prefix(FocusedTextField.maximumTextLength))
        guard let shown else {
            self.shown = entry
            return entry.isEmpty ? [.selectAll, .deleteBackward(1)] : [.selectAll, .insert(entry)]
        }
        guard entry != shown else { return [] }
        self.shown = entry
        let common = zip(shown, entry).prefix { $0 == $1 }.count
        var edits: [TextFieldEdit] = []
        if shown.count > common { edits.append(.deleteBackward(shown.count - common)) }
        if entry.count > common { edits.append(.insert(String(entry.dropFirst(common)))) }
        return edits
    }

    /// The edits that put back the text from before the keyboard opened (none when nothing was changed).
    package mutating func restore() -> [TextFieldEdit] {
        guard shown != nil else { return [] }
        return edits(toShow: original)
    }
}
