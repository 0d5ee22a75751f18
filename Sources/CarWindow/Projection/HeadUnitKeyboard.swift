import SDLProjection
import SDLRPC
import SDLSession

/// The projection's `KeyboardPresenter`: the head unit's own keyboard.
///
/// Presenting sends SetGlobalProperties with `keyboardProperties` (QWERTY, RESEND_CURRENT_ENTRY so every KEYPRESS
/// carries the whole entry, the field's auto-complete list), then PerformInteraction with the KEYBOARD layout, no
/// choice sets and the field's timeout. OnKeyboardInput KEYPRESS updates the field as the user types; the
/// PerformInteraction's answer ends it: SUCCESS with `manualTextEntry` submits, ABORTED cancels, TIMED_OUT times
/// out, anything else fails. One keyboard at a time; one task per keyboard, owned here and cancelled by
/// ``cancel()``.
@CarWindowActor
final class HeadUnitKeyboard: KeyboardPresenter {
    /// The session of the run going on: set by each run of the source, so a keyboard after a reconnection reaches
    /// the new connection; `nil` between runs.
    var session: SDLSession?
    private weak var field: CarWindowUI.TextField?
    private var task: Task<Void, Never>?

    /// The head unit answers after the user is done, so the wait is the keyboard's timeout plus this margin.
    static let responseMargin = Duration.seconds(10)

    func presentKeyboard(for field: CarWindowUI.TextField) {
        guard self.field == nil else {
            field.keyboardDidClose(.failed("another keyboard is open"))
            return
        }
        guard let session else {
            field.keyboardDidClose(.failed("not connected to a head unit"))
            return
        }
        self.field = field
        let properties = KeyboardProperties(
            keyboardLayout: .qwerty, keypressMode: .resendCurrentEntry,
            autoCompleteList: field.autoCompleteList.isEmpty ? nil : Array(field.autoCompleteList.prefix(100)))
        let timeout = min(max(field.keyboardTimeout, .seconds(5)), .seconds(100))
        let interaction = PerformInteraction(
            initialText: field.placeholder.isEmpty ? "Enter text" : field.placeholder, interactionMode: .manualOnly,
            interactionChoiceSetIDList: [], timeout: Int(timeout / .milliseconds(1)), interactionLayout: .keyboard)
        task = Task { [weak self] in
            let outcome: KeyboardOutcome
            do {
                let set = try await session.send(SetGlobalProperties(keyboardProperties: properties))
                if !set.success {
                    outcome = .failed("SetGlobalProperties \(set.resultCode) \(set.info ?? "")")
                } else {
                    let answer = try await session.send(interaction, timeout: timeout + Self.responseMargin)
                    switch answer.resultCode {
                    case .success: outcome = .submitted(answer.manualTextEntry ?? "")
                    case .aborted: outcome = .cancelled
                    case .timedOut: outcome = .timedOut
                    default: outcome = .failed("PerformInteraction \(answer.resultCode) \(answer.info ?? "")")
                    }
                }
            } catch {
                outcome = .failed("\(error)")
            }
            self?.finish(outcome)
        }
    }

    /// OnKeyboardInput: KEYPRESS carries the whole entry (RESEND_CURRENT_ENTRY).
    func received(_ input: OnKeyboardInput) {
        guard let field, input.event == .keypress || input.event == .entrySubmitted, let data = input.data else {
            return
        }
        field.keyboardDidType(data)
    }

    /// Ends a keyboard in progress (the run ended or lost its connection).
    func cancel() {
        guard field != nil || task != nil else { return }
        task?.cancel()
        task = nil
        finish(.failed("the projection stopped"))
    }

    private func finish(_ outcome: KeyboardOutcome) {
        let field = self.field
        self.field = nil
        task = nil
        field?.keyboardDidClose(outcome)
    }
}
