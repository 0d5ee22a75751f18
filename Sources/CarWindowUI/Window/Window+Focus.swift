/// The focus engine, after tvOS's: every control (every ``Button``, and any view with ``View/isFocusable``) can take
/// focus; focus moves to the nearest one in a direction, or on and back in reading order; the focused control has a
/// ring in the theme's primary text colour (it shows on a button's accent fill); `OK` activates it; and a scroll
/// view scrolls to bring the focused row into view, or to fetch the next row when focus runs off its visible part.
/// It moves over the same items the head unit gets as haptic rects, so its order and the knob's agree.
extension Window {
    /// Moves focus in `direction`; without a focused control, focuses the first (or, backwards, the last) in
    /// reading order. Returns whether focus moved.
    ///
    /// ```swift
    /// window.moveFocus(.down)
    /// window.activateFocus()          // what OK does
    /// ```
    @discardableResult
    public func moveFocus(_ direction: FocusDirection) -> Bool {
        layoutIfNeeded()
        // A focused row scrolled away (its view now another row's) gives no place: start from the first control.
        let focusedNow = resolvedFocus() ?? (focusedRowKey == nil ? focusedView : nil)
        var candidates = focusCandidates()
        var current = focusedNow.flatMap { focused in candidates.first { $0.view === focused }?.visible }
        if current == nil, let focused = focusedNow, focused.window === self, focused.isEffectivelyVisible {
            current = focused.convertToWindow(focused.bounds)
        }
        if let index = FocusSearch.next(from: current, in: candidates.map(\.visible), direction: direction) {
            focus(candidates[index].view)
            return true
        }
        // Nothing that way on screen: a scroll view around the focused control may hold more beyond its edge.
        guard var frame = current, let focused = focusedNow, let scroll = Self.enclosingScrollView(of: focused)
        else { return false }
        let step = Self.scrollStep(for: direction, rowHeight: frame.height, width: frame.width)
        for _ in 0..<Self.maximumScrollSteps {
            let before = scroll.contentOffset
            scroll.scroll(to: before + step, animated: false)
            let moved = scroll.contentOffset - before
            guard moved != .zero else { return false }
            layoutIfNeeded()
            // The focused row may have been reused for another: follow its old place, moved with the content.
            frame = frame.offsetBy(Point(x: -moved.x, y: -moved.y))
            candidates = focusCandidates()
            if let index = FocusSearch.next(from: frame, in: candidates.map(\.visible), direction: direction) {
                focus(candidates[index].view)
                return true
            }
        }
        return false
    }

    /// Focuses `view` (it must be on screen and focusable) and scrolls it fully into view. Returns whether it did.
    @discardableResult
    public func focus(_ view: View) -> Bool {
        guard view.window === self, view.isFocusable, view.isEffectivelyVisible else { return false }
        focusedView = view
        focusedRowOwner = view.hapticOwner
        focusedRowKey = view.hapticOwner == nil ? nil : view.hapticKey
        reveal(view)
        return true
    }

    /// Does what `OK` does: activates the focused control as a tap would. Returns whether one was activated.
    @discardableResult
    public func activateFocus() -> Bool {
        // A control hidden since it was focused (a sheet slid over it) is not the driver's to press.
        guard let button = resolvedFocus() as? Button, button.window === self, button.isEnabled,
            button.isEffectivelyVisible
        else { return false }
        button.sendAction()
        return true
    }

    /// A hardware button press (the down and up events are ignored): offered to the focused view and its
    /// superviews, then the pan buttons and TUNEUP/TUNEDOWN move focus and `OK` activates it, then it is offered to
    /// every visible view, front to back, and last to ``onButton`` (the demo's map takes NAV_ZOOM_IN there).
    /// Returns whether anything acted on it.
    @discardableResult
    public func handleButton(_ button: ProjectionButton) -> Bool {
        guard button.isPress else { return false }
        var view = resolvedFocus()
        while let next = view {
            if next.handleButton(button) { return true }
            view = next.superview
        }
        switch button.name {
        case .navPanUp: if moveFocus(.up) { return true }
        case .navPanDown: if moveFocus(.down) { return true }
        case .navPanLeft: if moveFocus(.left) { return true }
        case .navPanRight: if moveFocus(.right) { return true }
        case .tuneup: if moveFocus(.next) { return true }
        case .tunedown: if moveFocus(.previous) { return true }
        case .ok: if activateFocus() { return true }
        default: break
        }
        if let root = activeRootView, Self.offer(button, to: root) { return true }
        return onButton?(button) ?? false
    }

    /// The focused view if it still shows what was focused. A list row scrolled away is hidden and its view reused
    /// for another row: that view is not the focus (no ring, `OK` does not press it), and when the focused row is
    /// back on screen, in whatever view, that view becomes ``focusedView`` again.
    func resolvedFocus() -> View? {
        guard let key = focusedRowKey else { return focusedView }
        guard let owner = focusedRowOwner else { return nil }
        func showsRow(_ view: View) -> Bool { view.hapticOwner === owner && view.hapticKey == key && !view.isHidden }
        if let view = focusedView, showsRow(view) { return view }
        func find(in view: View) -> View? {
            for subview in view.subviews {
                if showsRow(subview) { return subview }
                if let found = find(in: subview) { return found }
            }
            return nil
        }
        guard let row = find(in: owner) else { return nil }
        focusedView = row
        return row
    }

    /// The focusable views on screen now, with their visible frames (window points).
    func focusCandidates() -> [(view: View, visible: Rect)] {
        guard let root = hostedRoot else { return [] }
        return locator.focusableViews(
            in: root, viewport: Rect(origin: .zero, size: metrics.viewportSize),
            minimumVisibleExtent: configuration.minimumTouchTarget / 2)
    }

    /// Scrolls the scroll views around `view` so all of it shows, innermost first.
    private func reveal(_ view: View) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroll = current as? ScrollView {
                let frame = view.convertToWindow(view.bounds)
                let visible = scroll.convertToWindow(scroll.bounds)
                var offset = scroll.contentOffset
                if frame.maxY > visible.maxY { offset.y += frame.maxY - visible.maxY }
                if frame.minY < visible.minY { offset.y -= visible.minY - frame.minY }
                if frame.maxX > visible.maxX { offset.x += frame.maxX - visible.maxX }
                if frame.minX < visible.minX { offset.x -= visible.minX - frame.minX }
                if offset != scroll.contentOffset {
                    scroll.scroll(to: offset, animated: false)
                    layoutIfNeeded()
                }
            }
            ancestor = current.superview
        }
    }

    /// Front to back: the last subview drawn is the first asked.
    private static func offer(_ button: ProjectionButton, to view: View) -> Bool {
        guard !view.isHidden, view.alpha > 0 else { return false }
        for subview in view.subviews.reversed() where offer(button, to: subview) { return true }
        return view.handleButton(button)
    }

    private static func enclosingScrollView(of view: View) -> ScrollView? {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroll = current as? ScrollView { return scroll }
            ancestor = current.superview
        }
        return nil
    }

    /// One row (or column) on in the direction focus runs.
    private static func scrollStep(for direction: FocusDirection, rowHeight: Double, width: Double) -> Point {
        switch direction {
        case .down, .next: Point(x: 0, y: rowHeight)
        case .up, .previous: Point(x: 0, y: -rowHeight)
        case .right: Point(x: width, y: 0)
        case .left: Point(x: -width, y: 0)
        }
    }

    /// Scroll steps tried before focus gives up (section headers are not focusable, so a step may find none).
    private static let maximumScrollSteps = 8
}
