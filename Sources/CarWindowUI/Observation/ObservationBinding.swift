import Observation

/// Keeps a view in step with `@Observable` models: the update closure runs once at once, and again before the
/// next frame whenever a property it read changed. What it sets on views (a label's text, a slider's value) goes
/// through the usual dirty tracking, so a model change costs one redraw of what changed and nothing else.
///
/// Made by ``View/observe(_:)``; it lives as long as the view, or until ``cancel()``.
@CarWindowActor
public final class ObservationBinding {
    private let update: @CarWindowActor () -> Void
    private var signal = ObservationSignal()
    private var inbox: ObservationInbox?
    private var id = 0
    private var isCancelled = false

    init(update: @escaping @CarWindowActor () -> Void) {
        self.update = update
    }

    /// Stops following the model.
    public func cancel() {
        isCancelled = true
        inbox = nil
        signal = ObservationSignal()
    }

    /// Runs the update, tracking what it reads; the next change to any of it fires the current signal once.
    func run() {
        guard !isCancelled else { return }
        let signal = ObservationSignal()
        self.signal = signal
        if let inbox { signal.attach(to: inbox, id: id) }
        withObservationTracking {
            update()
        } onChange: {
            signal.fire()
        }
    }

    func attach(to inbox: ObservationInbox, id: Int) {
        guard !isCancelled else { return }
        self.inbox = inbox
        self.id = id
        signal.attach(to: inbox, id: id)
    }
}

/// The window's weak reference to a binding, so a view going away takes its bindings with it.
struct WeakObservationBinding {
    weak var binding: ObservationBinding?
}

extension View {
    /// Runs `update` now and again whenever an `@Observable` property it read changes, before the next frame. Set
    /// view properties from the model inside it; no `setNeedsDisplay()` is needed. The view keeps the closure, so
    /// capture the view weakly in it, or the view can never be freed.
    ///
    /// ```swift
    /// @Observable final class Player { var title = ""; var position = 0.0 }
    /// let player = Player()
    /// let title = Label()
    /// title.observe { [weak title] in title?.text = player.title }
    /// progress.observe { [weak progress] in progress?.progress = player.position }
    /// player.title = "Blue in Green"      // the label redraws on the next frame
    /// ```
    @discardableResult
    public func observe(_ update: @escaping @CarWindowActor () -> Void) -> ObservationBinding {
        let binding = ObservationBinding(update: update)
        observationBindings.append(binding)
        binding.run()
        if let window {
            window.register(binding)
        } else {
            pendingBindings.append(binding)
        }
        return binding
    }

    func activatePendingBindings() {
        guard let window else { return }
        for binding in pendingBindings { window.register(binding) }
        pendingBindings = []
    }
}

extension Window {
    func register(_ binding: ObservationBinding) {
        let id = observationInbox.makeID()
        observationBindings[id] = WeakObservationBinding(binding: binding)
        binding.attach(to: observationInbox, id: id)
    }

    /// Re-runs the bindings whose models changed (they set view properties, which mark what to redraw).
    func applyObservedChanges() {
        for id in observationInbox.take() {
            guard let binding = observationBindings[id]?.binding else {
                observationBindings[id] = nil
                continue
            }
            binding.run()
        }
    }
}
