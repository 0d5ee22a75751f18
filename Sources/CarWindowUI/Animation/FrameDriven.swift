/// Work that advances once per frame tick (an animation, a scroll view's momentum) until it finishes.
@CarWindowActor
protocol FrameDriven: AnyObject {
    /// Advances to `now` (time on the window's clock); returns false when finished.
    func step(at now: Duration) -> Bool
    /// Called when a newer driver on the same key replaces this one, or it is cancelled.
    func cancel()
}

/// A property animation: interpolates from one value to another along an ``Animation`` and applies each value.
@CarWindowActor
final class PropertyAnimation<Value: Animatable>: FrameDriven {
    let from: Value
    let to: Value
    let animation: Animation
    let start: Duration
    let apply: @CarWindowActor (Value) -> Void
    var completion: (@CarWindowActor (Bool) -> Void)?

    init(
        from: Value, to: Value, animation: Animation, start: Duration, apply: @escaping @CarWindowActor (Value) -> Void,
        completion: (@CarWindowActor (Bool) -> Void)?
    ) {
        self.from = from
        self.to = to
        self.animation = animation
        self.start = start
        self.apply = apply
        self.completion = completion
    }

    func step(at now: Duration) -> Bool {
        let elapsed = now - start
        let fraction = animation.progress(at: elapsed)
        // The last step lands exactly on the target, whatever the curve's rounding.
        let finished = elapsed >= animation.duration
        apply(finished ? to : from.interpolated(to: to, fraction: fraction))
        if finished {
            let done = completion
            completion = nil
            done?(true)
        }
        return !finished
    }

    func cancel() {
        let done = completion
        completion = nil
        done?(false)
    }
}
