extension Window {
    /// Feeds one touch, already free of Core's duplicate and in view points, to the window's own recognizer and
    /// hit-tests what it makes: for tests and hosts without a projection. A projection never calls it: its run
    /// recognizes the touches and hands the window the result. Returns the gestures the touch completed.
    ///
    /// ```swift
    /// let down = ProjectionTouch(type: .begin, fingers: [.init(id: 0, path: [Point(x: 200, y: 150)], timestamps: [0])])
    /// window.handleTouch(down)
    /// window.handleTouch(ProjectionTouch(type: .end, fingers: down.fingers))
    /// window.frameTick()   // after 0.4 s: [.singleTap(at: (200, 150))]
    /// ```
    @discardableResult
    public func handleTouch(_ touch: ProjectionTouch) -> [Gesture] {
        guard isTouchEnabled else { return [] }
        let actions = recognizer.handle(
            touch, now: ElapsedInstant(offset: elapsed()),
            isImmediateTap: { [self] point in isTapOnPressedButton(at: point) })
        return deliver(actions)
    }

    /// The frame clock ticked: delivers coalesced pan and pinch moves and due single taps, then advances running
    /// animations and scroll momentum (after the pans, so a scroll view moves once per tick).
    @discardableResult
    public func frameTick() -> [Gesture] {
        let now = elapsed()
        let gestures = deliver(recognizer.frameTick(now: ElapsedInstant(offset: now)))
        animator.tick(at: now)
        return gestures
    }

    /// Cancels gestures in progress (the stream suspended); fingers still down are ignored until they lift.
    @discardableResult
    public func cancelPendingGestures() -> [Gesture] {
        deliver(recognizer.cancelPendingGestures())
    }

    /// Hands what a recognizer made of the touches to the views: a press highlights the button under it, a tap
    /// that ends on it runs it, a gesture goes to the view under it and up the superview chain, then to
    /// ``onGesture``. A projection calls it with its run's actions. Returns the gestures.
    @discardableResult
    package func deliver(_ actions: [TouchAction]) -> [Gesture] {
        var delivered: [Gesture] = []
        for action in actions {
            switch action {
            case .pressBegan(let point):
                pressedButton = button(at: point)
                pressedButton?.isHighlighted = true
            case .pressEnded(let point, let isTap):
                // The recognizer reported this tap at once (it follows as a singleTap): the button acts now
                // rather than after the double-tap window.
                if isTap, isTapOnPressedButton(at: point) { pressedButton?.sendAction() }
                pressedButton?.isHighlighted = false
                pressedButton = nil
            case .gesture(let gesture):
                dispatch(gesture, to: target(for: gesture))
                delivered.append(gesture)
            }
        }
        return delivered
    }

    private func dispatch(_ gesture: Gesture, to target: View?) {
        var view = target
        while let v = view, !v.handleGesture(gesture) { view = v.superview }
        onGesture?(gesture)
    }

    /// Pans and pinches stay with the view they began on; taps go to the view under them.
    private func target(for gesture: Gesture) -> View? {
        switch gesture {
        case .panBegan(let point), .pinchBegan(let point):
            gestureTarget = hitView(at: point)
            return gestureTarget
        case .panMoved, .pinchMoved:
            return gestureTarget
        case .panEnded, .pinchEnded, .cancelled:
            defer { gestureTarget = nil }
            return gestureTarget
        case .singleTap(let point), .doubleTap(let point):
            return hitView(at: point)
        }
    }

    /// The topmost visible view under a window point.
    public func hitView(at point: Point) -> View? {
        guard let root = activeRootView, root.hostWindow === self else { return nil }
        layoutIfNeeded()
        return root.hitTest(point - root.frame.origin)
    }

    /// True when a tap ending at `point` ends on the button it started on.
    package func isTapOnPressedButton(at point: Point) -> Bool {
        guard let pressedButton else { return false }
        return button(at: point) === pressedButton
    }

    private func button(at point: Point) -> Button? {
        var view = hitView(at: point)
        while let v = view {
            if let button = v as? Button { return button.isEnabled ? button : nil }
            view = v.superview
        }
        return nil
    }
}
