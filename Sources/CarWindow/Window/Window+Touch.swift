extension Window {
    /// Feeds one touch notification (head-unit pixels). Returns the gestures it completed, which were also handed to
    /// the views under them, ``onGesture`` and ``gestures``.
    ///
    /// Identical consecutive events are dropped (SDL Core sends each one twice); coordinates are divided by the
    /// display scale; a tap ending on a ``Button`` runs its action at once.
    ///
    /// ```swift
    /// window.handleTouch(TouchNotification(type: .begin, timestamp: 3883, x: 200, y: 150))
    /// window.handleTouch(TouchNotification(type: .end, timestamp: 3977, x: 200, y: 150))
    /// window.frameTick()   // after 0.4 s: [.singleTap(at: (200, 150))]
    /// ```
    @discardableResult
    public func handleTouch(_ event: TouchNotification) -> [Gesture] {
        guard isTouchEnabled, deduplicator.accept(event) else { return [] }
        return handleTouch(inViewPoints: Self.scaled(event, by: capabilities.scale))
    }

    /// Feeds one touch that is already de-duplicated and in view points (as ``CarWindowProjection`` receives them
    /// from its `StreamingSession`). Returns the gestures it completed.
    ///
    /// ```swift
    /// window.handleTouch(inViewPoints: TouchNotification(type: .begin, timestamp: 3883, x: 400, y: 240))
    /// ```
    @discardableResult
    public func handleTouch(inViewPoints event: TouchNotification) -> [Gesture] {
        guard isTouchEnabled else { return [] }
        let actions = recognizer.handle(
            ProjectionTouch(event), now: ElapsedInstant(offset: elapsed()),
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
        deduplicator.reset()
        return deliver(recognizer.cancelPendingGestures())
    }

    /// Divides head-unit coordinates by the scale (as sdl_ios's `SDLStreamingVideoScaleManager`); a scale of 1
    /// leaves them as they are.
    static func scaled(_ event: TouchNotification, by scale: Double) -> TouchNotification {
        guard scale > 1 else { return event }
        var event = event
        for i in event.touches.indices {
            event.touches[i].coordinates = event.touches[i].coordinates.map {
                TouchNotification.Coordinate(x: $0.x / scale, y: $0.y / scale)
            }
        }
        return event
    }

    @discardableResult
    func deliver(_ actions: [TouchAction]) -> [Gesture] {
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
        gestureContinuation.yield(gesture)
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
    func isTapOnPressedButton(at point: Point) -> Bool {
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
