/// What the console does on an app's open keyboard, as a user on the head unit's screen would.
///
/// ```swift
/// let command = try ConsoleCommand(parsing: "keyboard 1 backspace")  // .keyboard(app 1, .backspace)
/// ```
public enum KeyboardControl: Hashable, Sendable {
    /// Type these characters (OnKeyboardInput KEYPRESS per character).
    case type(String)
    /// Delete the entry's last character.
    case backspace
    /// Submit the entry (ENTRY_SUBMITTED, PerformInteraction SUCCESS).
    case submit
    /// Cancel the keyboard (ENTRY_CANCELLED, PerformInteraction ABORTED).
    case cancel
}
