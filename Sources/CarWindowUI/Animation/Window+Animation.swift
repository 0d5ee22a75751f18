extension Window {
    /// Animates the changes `changes` makes to views' `frame`, `alpha` and `backgroundColor` (and scroll offsets):
    /// each starts from its current value and reaches the new one along `animation`, one step per frame tick.
    ///
    /// Changes to other properties apply at once. `completion` runs on ``CarWindowActor`` when every captured
    /// animation finished (`true`), or was cancelled by a newer animation on the same property (`false`); it runs
    /// at once with `true` when nothing was animated.
    ///
    /// ```swift
    /// window.animate(.spring(response: .milliseconds(400))) {
    ///     sheet.frame.origin.y = 120
    ///     dimmer.alpha = 0.6
    /// } completion: { finished in if finished { sheet.isFocusable = true } }
    /// ```
    public func animate(
        _ animation: Animation = .default, _ changes: () -> Void,
        completion: (@CarWindowActor (Bool) -> Void)? = nil
    ) {
        let transaction = Animator.Transaction(animation: animation, completion: completion)
        let outer = animator.transaction
        animator.transaction = transaction
        changes()
        animator.transaction = outer
        if !transaction.captured {
            transaction.completion = nil
            completion?(true)
        }
    }

    /// ``animate(_:_:completion:)`` with a duration and curve.
    ///
    /// ```swift
    /// window.animate(duration: .milliseconds(200)) { toast.alpha = 0 }
    /// ```
    public func animate(
        duration: Duration, curve: Animation.Curve = .easeInOut, _ changes: () -> Void,
        completion: (@CarWindowActor (Bool) -> Void)? = nil
    ) {
        animate(Animation(duration: duration, curve: curve), changes, completion: completion)
    }

    /// Animates any value: `apply` gets each step's value, the last one being `to`. Starting another animation on
    /// `key` cancels this one.
    ///
    /// ```swift
    /// window.animate(AnimationKey(gauge, "speed"), from: gauge.speed, to: 88, animation: .default) {
    ///     gauge.speed = $0
    /// }
    /// ```
    public func animate<Value: Animatable>(
        _ key: AnimationKey, from: Value, to: Value, animation: Animation = .default,
        apply: @escaping @CarWindowActor (Value) -> Void, completion: (@CarWindowActor (Bool) -> Void)? = nil
    ) {
        animator.add(
            PropertyAnimation(
                from: from, to: to, animation: animation, start: elapsed(), apply: apply, completion: completion),
            for: key)
    }

    /// Time on the window's clock (since it was created): what animations and momentum are timed against.
    public var currentTime: Duration { elapsed() }
}

extension View {
    /// Animates changes inside the window this view is in; outside a window the changes apply at once.
    ///
    /// ```swift
    /// card.animate(duration: .milliseconds(250)) { card.alpha = 0 }
    /// ```
    public func animate(
        duration: Duration, curve: Animation.Curve = .easeInOut, _ changes: () -> Void,
        completion: (@CarWindowActor (Bool) -> Void)? = nil
    ) {
        guard let window else {
            changes()
            completion?(true)
            return
        }
        window.animate(Animation(duration: duration, curve: curve), changes, completion: completion)
    }

    /// True when inside an `animate` block the change from `old` to `new` of `property` became an animation: the
    /// caller then keeps the old value, and the animation applies the steps through `apply`.
    func captureAnimation<Value: Animatable>(
        _ property: String, from old: Value, to new: Value, apply: @escaping @CarWindowActor (View, Value) -> Void
    ) -> Bool {
        guard let animator = window?.animator, animator.transaction != nil else { return false }
        return animator.capture(AnimationKey(self, property), from: old, to: new) { [weak self] value in
            if let self { apply(self, value) }
        }
    }
}
