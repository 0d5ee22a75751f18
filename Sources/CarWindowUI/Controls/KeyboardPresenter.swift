/// Shows a keyboard for a ``TextField``. The projection's presenter opens the head unit's keyboard (SDL's
/// PerformInteraction with the KEYBOARD layout); a host without a head unit can supply its own.
///
/// A presenter reports back through the field: ``TextField/keyboardDidType(_:)`` while the user types and
/// ``TextField/keyboardDidClose(_:)`` once.
///
/// ```swift
/// final class TestKeyboard: KeyboardPresenter {
///     func presentKeyboard(for field: TextField) {
///         field.keyboardDidType("Main")
///         field.keyboardDidClose(.submitted("Main Street"))
///     }
/// }
/// window.keyboardPresenter = TestKeyboard()
/// ```
@CarWindowActor
public protocol KeyboardPresenter: AnyObject {
    /// Opens a keyboard for `field`; `field.isEditing` is already true.
    func presentKeyboard(for field: TextField)
}

/// How a keyboard session ended.
public enum KeyboardOutcome: Hashable, Sendable {
    /// The user submitted this text.
    case submitted(String)
    /// The user cancelled (PerformInteraction ABORTED).
    case cancelled
    /// The head unit closed the keyboard after its timeout (TIMED_OUT).
    case timedOut
    /// No keyboard could be shown: no presenter, the head unit refused, or the connection failed.
    case failed(String)
}
