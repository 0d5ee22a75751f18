public import CarWindow

/// The projected program's text field that has the keyboard focus: where the head unit's keyboard types. Read from
/// the program's accessibility tree (an EDITABLE entry or text with the FOCUSED state), in viewport coordinates.
///
/// ```swift
/// if let field = view.focusedTextField { print("typing goes to \(field.role) '\(field.name)': \(field.text)") }
/// ```
public struct FocusedTextField: Hashable, Sendable, CustomStringConvertible {
    /// Stable for the same accessible object: its D-Bus name and object path.
    public var key: String
    /// The AT-SPI role name ("entry", "text", "password text", ...).
    public var role: String
    /// The accessible name (the field's label), possibly empty.
    public var name: String
    /// The field's text when it was read, at most ``maximumTextLength`` characters; empty for a password field,
    /// whose text is never read.
    public var text: String
    /// A password field: its text is not read and the head unit's keyboard masks what is typed.
    public var isSecret: Bool
    public var rect: Rect

    /// SDL bounds an entry (OnKeyboardInput `data`, `manualTextEntry`) to 500 characters.
    public static let maximumTextLength = 500

    public init(key: String, role: String, name: String, text: String, isSecret: Bool, rect: Rect) {
        self.key = key
        self.role = role
        self.name = name
        self.text = isSecret ? "" : String(text.prefix(Self.maximumTextLength))
        self.isSecret = isSecret
        self.rect = rect
    }

    public var description: String { "\(role) '\(name)' \(rect)\(isSecret ? " (secret)" : "")" }
}
