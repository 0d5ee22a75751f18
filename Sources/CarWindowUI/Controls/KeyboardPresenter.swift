/// Shows a keyboard for a ``KeyboardClient``: a ``TextField``, or a projected program's focused text field. The
/// projection's presenter opens the head unit's keyboard (SDL's PerformInteraction with the KEYBOARD layout); a host
/// without a head unit can supply its own.
///
/// A presenter reports back through the client: ``KeyboardClient/keyboardDidType(_:)`` while the user types and
/// ``KeyboardClient/keyboardDidClose(_:)`` once.
///
/// ```swift
/// final class TestKeyboard: KeyboardPresenter {
///     func presentKeyboard(for client: any KeyboardClient) {
///         client.keyboardDidType("Main")
///         client.keyboardDidClose(.submitted("Main Street"))
///     }
/// }
/// window.keyboardPresenter = TestKeyboard()
/// ```
@CarWindowActor
public protocol KeyboardPresenter: AnyObject {
    /// Opens a keyboard for `client` (for a ``TextField``, `isEditing` is already true).
    func presentKeyboard(for client: any KeyboardClient)
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
