/// Keeps a view's endless animation (an indeterminate progress bar, a spinner) ticking while the view is shown in
/// a window, and stops by itself when it is hidden, removed or told to stop.
@CarWindowActor
final class RepeatingDriver: FrameDriven {
    private let body: @CarWindowActor (Duration) -> Bool

    /// `body` gets the window time and returns whether to keep going.
    init(_ body: @escaping @CarWindowActor (Duration) -> Bool) {
        self.body = body
    }

    func step(at now: Duration) -> Bool { body(now) }
    func cancel() {}
}

extension View {
    /// Starts `tick` on the window's frame clock unless it already runs under `property`; it stops when it
    /// returns false or the view leaves the window or is hidden.
    func runRepeating(_ property: String, _ tick: @escaping @CarWindowActor (View, Duration) -> Bool) {
        guard let window else { return }
        let key = AnimationKey(self, property)
        guard !window.animator.isAnimating(key) else { return }
        window.animator.add(
            RepeatingDriver { [weak self] now in
                guard let self, self.window === window, self.isEffectivelyVisible else { return false }
                return tick(self, now)
            }, for: key)
    }
}
