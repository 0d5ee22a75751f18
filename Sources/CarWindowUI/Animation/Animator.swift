/// Runs a window's animations on its frame clock: every ``Window/frameTick()`` advances each running animation
/// once, in the order they started. With nothing running a tick costs one emptiness check, so a static screen
/// stays as cheap as it was.
///
/// Animations are keyed (``AnimationKey``): starting one on a key that is already animating cancels the old one,
/// whose completion gets `false`. Inside ``Window/animate(_:_:completion:)`` changes to a view's `frame`,
/// `alpha` and `backgroundColor` (and a ``ScrollView``'s offset) become animations instead of jumps.
///
/// ```swift
/// window.animate(duration: .milliseconds(300)) { banner.alpha = 0 } completion: { _ in banner.isHidden = true }
/// ```
@CarWindowActor
public final class Animator {
    private var running: [AnimationKey: any FrameDriven] = [:]
    private var order: [AnimationKey] = []
    private let now: () -> Duration
    /// Set while an `animate { }` block runs: property changes made in it are captured as animations.
    var transaction: Transaction?

    @CarWindowActor
    final class Transaction {
        let animation: Animation
        var pending = 0
        var allFinished = true
        var captured = false
        var completion: (@CarWindowActor (Bool) -> Void)?

        init(animation: Animation, completion: (@CarWindowActor (Bool) -> Void)?) {
            self.animation = animation
            self.completion = completion
        }

        func memberFinished(_ finished: Bool) {
            pending -= 1
            allFinished = allFinished && finished
            if pending == 0 {
                let done = completion
                completion = nil
                done?(allFinished)
            }
        }
    }

    init(now: @escaping () -> Duration) {
        self.now = now
    }

    /// True while no animation or momentum is running.
    public var isIdle: Bool { running.isEmpty }

    /// How many animations are running.
    public var count: Int { running.count }

    /// True when `key` is animating.
    public func isAnimating(_ key: AnimationKey) -> Bool { running[key] != nil }

    /// Cancels the animation on `key`, if any; its completion gets `false` and the value stays where it is.
    public func cancel(_ key: AnimationKey) {
        guard let driver = running.removeValue(forKey: key) else { return }
        order.removeAll { $0 == key }
        driver.cancel()
    }

    /// Cancels every animation.
    public func cancelAll() {
        let drivers = order.compactMap { running[$0] }
        running = [:]
        order = []
        for driver in drivers { driver.cancel() }
    }

    func add(_ driver: any FrameDriven, for key: AnimationKey) {
        cancel(key)
        running[key] = driver
        order.append(key)
    }

    var currentTime: Duration { now() }

    /// Advances every running animation to `now`; finished ones are removed.
    func tick(at now: Duration) {
        guard !running.isEmpty else { return }
        for key in order {
            // A step can cancel or replace other animations (a completion starting a new one).
            guard let driver = running[key] else { continue }
            if !driver.step(at: now), running[key] === driver {
                running[key] = nil
            }
        }
        order.removeAll { running[$0] == nil }
    }

    /// Inside a transaction, turns a property change into an animation from `old` to `new` and returns true (the
    /// caller puts the old value back); outside one, returns false and the change stands.
    func capture<Value: Animatable>(
        _ key: AnimationKey, from old: Value, to new: Value, apply: @escaping @CarWindowActor (Value) -> Void
    ) -> Bool {
        guard let transaction, old != new else { return false }
        transaction.pending += 1
        transaction.captured = true
        let animation = PropertyAnimation(
            from: old, to: new, animation: transaction.animation, start: now(), apply: apply,
            completion: { finished in transaction.memberFinished(finished) })
        add(animation, for: key)
        return true
    }
}
