import SDLProjection
import SDLRPC
import SDLSession

/// The projection's `KeyboardPresenter`: the head unit's own keyboard.
///
/// Presenting sends SetGlobalProperties with `keyboardProperties` (QWERTY, RESEND_CURRENT_ENTRY so every KEYPRESS
/// carries the whole entry, the client's auto-complete list, input masked for a password), then PerformInteraction
/// with the KEYBOARD layout, no choice sets, the client's initial text and its timeout. OnKeyboardInput KEYPRESS
/// updates the client as the user types; the PerformInteraction's answer ends it: SUCCESS with `manualTextEntry`
/// submits, ABORTED cancels, TIMED_OUT times out, anything else fails. One keyboard at a time; one task per keyboard,
/// owned here and cancelled by ``cancel()``.
@CarWindowActor
final class HeadUnitKeyboard: KeyboardPresenter {
    /// The session of the run going on: set by each run of the source, so a keyboard after a reconnection reaches
    /// the new connection; `nil` between runs.
    var session: SDLSession?
    private weak var client: (any KeyboardClient)?
    private var task: Task<Void, Never>?

    /// The head unit answers after the user is done, so the wait is the keyboard's timeout plus this margin.
    static let responseMargin = Duration.seconds(10)

    func presentKeyboard(for client: any KeyboardClient) {
        guard self.client == nil else {
            client.keyboardDidClose(.failed("another keyboard is open"))
            return
        }
        guard let session else {
            client.keyboardDidClose(.failed("not connected to a head unit"))
            return
        }
        self.client = client
        let request = client.keyboardRequest
        // The spec bounds each suggestion and the text to 500 characters, the list to 100 entries.
        let suggestions = request.autoCompleteList.prefix(100).map { String($0.prefix(500)) }
        let properties = KeyboardProperties(
            keyboardLayout: .qwerty, keypressMode: .resendCurrentEntry,
            autoCompleteList: suggestions.isEmpty ? nil : suggestions,
            maskInputCharacters: request.masksInput ? .enableInputKeyMask : nil)
        let timeout = min(max(request.timeout, .seconds(5)), .seconds(100))
        let initialText = request.initialText.isEmpty ? "Enter text" : String(request.initialText.prefix(500))
        let interaction = PerformInteraction(
            initialText: initialText, interactionMode: .manualOnly,
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
        guard let client, input.event == .keypress || input.event == .entrySubmitted, let data = input.data else {
            return
        }
        client.keyboardDidType(data)
    }

    /// Ends a keyboard in progress (the run ended or lost its connection).
    func cancel() {
        guard client != nil || task != nil else { return }
        task?.cancel()
        task = nil
        finish(.failed("the projection stopped"))
    }

    private func finish(_ outcome: KeyboardOutcome) {
        let client = self.client
        self.client = nil
        task = nil
        client?.keyboardDidClose(outcome)
    }
}
