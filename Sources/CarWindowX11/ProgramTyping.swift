package import CarWindow
package import Logging

/// When the head unit's keyboard opens for a projected program: a tap on an editable text field (the tap gives it
/// the focus, which the accessibility tree reports a moment later), or a tap on the field that already has it.
/// A field focused without a tap (a window's first field, a page's `autofocus`) opens nothing: the keyboard covers
/// the head unit's screen, so it opens only when the driver asks for it. One keyboard at a time.
///
/// The X11 and Wayland views each own one; they tell it their taps and readings, and type its edits.
///
/// The tree is read a little after the program changes, and the program handles typed keys a little after they are
/// sent, so a reading can show a field's text from before the last keys. For ``settleTime`` after a keyboard closed,
/// a reading of that field whose text differs from what was typed is taken as one of those: the field keeps what was
/// typed (a tap at once opens on it). After that, readings are taken as they are (a program that changes the text
/// itself is seen then).
@CarWindowActor
package final class ProgramTyping {
    /// The focused editable text field of the latest reading (viewport coordinates).
    package private(set) var focused: FocusedTextField?
    /// The keyboard open now, if any.
    package private(set) var open: ProgramTextField?
    /// The last tap that has not opened a keyboard yet (viewport coordinates).
    private var pendingTap: Point?
    /// What the last keyboard left in its field, and when.
    private var typed: (key: String, text: String, at: Duration)?
    /// How long readings may lag the typed keys.
    package static let settleTime = Duration.seconds(2)
    /// Time since some fixed start; injected so tests control it.
    private let elapsed: @CarWindowActor () -> Duration
    private let logger: Logger
    private let apply: @CarWindowActor ([TextFieldEdit]) -> Void

    package init(
        logger: Logger, elapsed: @escaping @CarWindowActor () -> Duration = ProgramTyping.monotonicElapsed,
        apply: @escaping @CarWindowActor ([TextFieldEdit]) -> Void
    ) {
        self.logger = logger
        self.elapsed = elapsed
        self.apply = apply
    }

    /// Time since this process's first call, on the monotonic clock.
    package static func monotonicElapsed() -> Duration {
        ContinuousClock.now - start
    }
    private static let start = ContinuousClock.now

    /// `gesture` (in window points) was sent to the program, whose view starts at `origin`: a tap or a double tap
    /// may open the keyboard.
    package func sent(_ gesture: Gesture, viewOrigin origin: Point, presenter: (any KeyboardPresenter)?) {
        switch gesture {
        case .singleTap(let point), .doubleTap(let point): tapped(at: point - origin, presenter: presenter)
        default: break
        }
    }

    /// A tap at `point` (viewport coordinates) was sent to the program.
    package func tapped(at point: Point, presenter: (any KeyboardPresenter)?) {
        if let focused, focused.rect.contains(point) {
            pendingTap = nil
            present(focused, presenter: presenter)
        } else {
            pendingTap = point
        }
    }

    /// A new reading's focused field (nil: no editable text has the focus).
    package func focusChanged(to field: FocusedTextField?, presenter: (any KeyboardPresenter)?) {
        focused = field
        if let typed, let field, field.key == typed.key, !field.isSecret {
            if elapsed() - typed.at < Self.settleTime {
                focused?.text = typed.text
            } else {
                self.typed = nil
            }
        }
        guard let field, let tap = pendingTap, field.rect.contains(tap) else { return }
        pendingTap = nil
        present(field, presenter: presenter)
    }

    private func present(_ field: FocusedTextField, presenter: (any KeyboardPresenter)?) {
        guard open == nil else { return }
        guard let presenter else {
            logger.warning("\(field): no keyboard to open (the window has no keyboard presenter)")
            return
        }
        let client = ProgramTextField(
            field: field, apply: apply,
            closed: { [weak self, logger] outcome in
                logger.info("keyboard for \(field) closed: \(outcome)")
                guard let self else { return }
                // What was typed is the field's text now; the tree's next reading says so too, but a tap before
                // it arrives must open on the new text, not the old.
                if let shown = open?.shownText, !field.isSecret {
                    typed = (field.key, shown, elapsed())
                    if focused?.key == field.key { focused?.text = shown }
                }
                open = nil
            })
        open = client
        logger.info("head unit's keyboard opened for \(field), on '\(client.keyboardRequest.initialText)'")
        presenter.presentKeyboard(for: client)
    }
}
