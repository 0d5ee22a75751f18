/// A rectangle of the projected screen that draws itself and holds subviews: the base of the view tree.
///
/// Views are classes isolated to ``CarWindowActor``. Changing a visual property marks the view's area dirty, so the
/// next frame is rendered (and encoded) only when something changed. Subclasses draw by overriding
/// ``draw(in:)`` and position their subviews in ``layoutSubviews()``.
///
/// ```swift
/// let card = View()
/// card.backgroundColor = Color(hex: 0x263238)
/// card.cornerRadius = 12
/// card.addSubview(Label(text: "Next: turn left"))
/// ```
@CarWindowActor
open class View {
    /// Marks "no intrinsic size in this dimension" in ``intrinsicContentSize``.
    public nonisolated static let noIntrinsicMetric: Double = -1

    /// Position and size in the superview's coordinates.
    open var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if captureAnimation("frame", from: oldValue, to: frame, apply: { $0.frame = $1 }) {
                frame = oldValue
                return
            }
            invalidateInWindow(oldValue, inSuperviewCoordinates: true)
            setNeedsDisplay()
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// Fill behind the content; clear by default.
    public var backgroundColor: Color = .clear {
        didSet {
            guard backgroundColor != oldValue else { return }
            let captured = captureAnimation(
                "backgroundColor", from: oldValue, to: backgroundColor, apply: { $0.backgroundColor = $1 })
            if captured {
                backgroundColor = oldValue
                return
            }
            setNeedsDisplay()
        }
    }

    /// Rounds the background's corners; with ``clipsToBounds`` also the content's.
    public var cornerRadius: Double = 0 { didSet { if cornerRadius != oldValue { setNeedsDisplay() } } }

    /// Opacity of the view and its subviews, 0...1.
    public var alpha: Double = 1 {
        didSet {
            guard alpha != oldValue else { return }
            if captureAnimation("alpha", from: oldValue, to: alpha, apply: { $0.alpha = $1 }) {
                alpha = oldValue
                return
            }
            setNeedsDisplay()
        }
    }

    /// Hidden views are not drawn, not hit and not haptic regions.
    public var isHidden: Bool = false { didSet { if isHidden != oldValue { setNeedsDisplay() } } }

    /// Clips subviews and drawing to the (rounded) bounds.
    public var clipsToBounds: Bool = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }

    /// Whether taps and gestures can land on this view or its subviews.
    public var isUserInteractionEnabled: Bool = true

    /// Whether the view is reported as a haptic region (``Button``s are focusable by default).
    public var isFocusable: Bool = false

    /// A fixed width for stacks; `nil` uses ``intrinsicContentSize`` or, without one, a share of the free space.
    public var preferredWidth: Double? { didSet { if preferredWidth != oldValue { superview?.setNeedsLayout() } } }
    /// A fixed height for stacks; see ``preferredWidth``.
    public var preferredHeight: Double? { didSet { if preferredHeight != oldValue { superview?.setNeedsLayout() } } }

    /// The natural size of the content; ``View/noIntrinsicMetric`` in a dimension means "flexible".
    open var intrinsicContentSize: Size { Size(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric) }

    /// The size the view wants when offered `size` (a stack offers its cross size and an unbounded main size).
    /// The default is ``intrinsicContentSize``; a wrapping ``Label`` answers with its height at the offered width.
    open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// Child views, back to front.
    public private(set) var subviews: [View] = []

    /// The parent view, or `nil` for a root or detached view.
    public private(set) weak var superview: View?

    /// Set on the root view by the window that hosts it.
    weak var hostWindow: Window?

    /// Assigned once by the haptic locator, so a view keeps its haptic rect id across layouts.
    var hapticID: Int?

    var needsLayout = true

    /// ``observe(_:)`` bindings made before the view was in a window; they join it at the next layout.
    var pendingBindings: [ObservationBinding] = []
    /// The bindings this view owns; they live as long as the view.
    var observationBindings: [ObservationBinding] = []

    /// Set on reusable rows by their list: the haptic id follows the row's identity (`key` within `owner`), not
    /// the view, which shows a different row after reuse.
    weak var hapticOwner: View?
    var hapticKey: String?

    /// Creates a view with a frame (stacks and ``layoutSubviews()`` usually set it later).
    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    /// The window whose tree this view is in, if any.
    public var window: Window? {
        var view = self
        while let parent = view.superview { view = parent }
        return view.hostWindow
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the other subviews, removing it from its previous superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped), removing it from its previous superview. A view that joins a window
    /// this way sees its environment at once: ``environmentDidChange()`` runs for it and its subviews.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        // Styled in environmentDidChange, it would otherwise keep the look of the theme it was made under (or
        // none) until the next theme change.
        if window != nil { view.propagateEnvironmentChange() }
        view.setNeedsDisplay()
        setNeedsLayout()
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        setNeedsDisplay()
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    // MARK: Layout

    /// Positions subviews; called before the next frame after ``View/setNeedsLayout()`` or a size change.
    open func layoutSubviews() {}

    /// Asks for ``layoutSubviews()`` before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        window?.needsLayoutPass = true
    }

    /// Runs any pending layout in this subtree now.
    public func layoutIfNeeded() {
        if !pendingBindings.isEmpty { activatePendingBindings() }
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    // MARK: Drawing

    /// Draws the view's content above its background; the context's origin is the view's top-left corner.
    open func draw(in context: borrowing DrawingContext) {}

    /// The background actually painted; ``Button`` swaps it while highlighted.
    open var currentBackgroundColor: Color { backgroundColor }

    /// Marks the whole view for redraw in the next frame.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks part of the view (in its own coordinates) for redraw in the next frame.
    public func setNeedsDisplay(_ rect: Rect) {
        invalidateInWindow(rect, inSuperviewCoordinates: false)
    }

    /// Marks `rect` dirty in the window, cut to every clipping ancestor on the way up: a scroll view's content is
    /// far larger than the screen, and only the part inside the scroll view needs repainting.
    private func invalidateInWindow(_ rect: Rect, inSuperviewCoordinates: Bool) {
        var dirty = rect
        var view: View
        if inSuperviewCoordinates {
            guard let superview else {
                hostWindow?.invalidate(rect)
                return
            }
            view = superview
        } else {
            view = self
        }
        while true {
            if view.clipsToBounds {
                dirty = dirty.intersection(view.bounds)
                guard !dirty.isEmpty else { return }
            }
            dirty = dirty.offsetBy(view.frame.origin)
            guard let parent = view.superview else {
                view.hostWindow?.invalidate(dirty)
                return
            }
            view = parent
        }
    }

    // MARK: Environment

    /// The window's theme or driver-distraction state changed, or the view joined a window (added to a view in
    /// one, or its root put on screen) and sees them for the first time. The default redraws; override to restyle
    /// from ``View/theme``, and call `super`.
    ///
    /// ```swift
    /// override func environmentDidChange() {
    ///     super.environmentDidChange()
    ///     backgroundColor = theme.palette.surface
    /// }
    /// ```
    open func environmentDidChange() {
        setNeedsDisplay()
    }

    /// The theme of the window the view is in, else the day theme.
    public var theme: Theme { window?.theme ?? .day }

    func propagateEnvironmentChange() {
        environmentDidChange()
        for view in subviews { view.propagateEnvironmentChange() }
    }

    /// Asks for the haptic rects to be collected again at the next frame tick even if nothing is redrawn: for
    /// views whose tappable areas move without their pixels changing in this tree (a ``Canvas`` whose
    /// ``Canvas/hapticRegions`` come from another process's accessibility tree).
    public func setNeedsHapticUpdate() {
        window?.needsHapticUpdate = true
    }

    // MARK: Coordinates

    /// The view's origin in window coordinates.
    public var originInWindow: Point {
        var point = frame.origin
        var view = superview
        while let v = view {
            point = point + v.frame.origin
            view = v.superview
        }
        return point
    }

    /// Converts a rect from this view's coordinates to window coordinates.
    public func convertToWindow(_ rect: Rect) -> Rect { rect.offsetBy(originInWindow) }

    /// Converts a point from window coordinates to this view's coordinates.
    public func convertFromWindow(_ point: Point) -> Point { point - originInWindow }

    // MARK: Events

    /// The topmost visible, interactive view containing `point` (in this view's coordinates), or `nil`.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0, isUserInteractionEnabled, bounds.contains(point) else { return nil }
        for view in subviews.reversed() {
            if let hit = view.hitTest(point - view.frame.origin) { return hit }
        }
        return self
    }

    /// Handles a gesture aimed at this view (coordinates in window space); return `true` to stop it bubbling to the
    /// superview. The default handles nothing.
    open func handleGesture(_ gesture: Gesture) -> Bool { false }

    /// Handles a hardware button from the car (a press of a button the projection subscribed to,
    /// `settings.projection.buttons`); return `true` when it acted. The window offers it to the focused view and its
    /// superviews first, then moves or activates focus for the pan, tune and OK buttons, then offers it to every
    /// visible view, front to back. The default handles nothing.
    ///
    /// ```swift
    /// override func handleButton(_ button: ProjectionButton) -> Bool {
    ///     guard button == ProjectionButton(.navZoomIn, .shortPress) else { return false }
    ///     zoom *= 2
    ///     return true
    /// }
    /// ```
    open func handleButton(_ button: ProjectionButton) -> Bool { false }

    /// Whether the view is visible: not hidden and not fully transparent, and neither are its ancestors.
    var isEffectivelyVisible: Bool {
        var view: View? = self
        while let v = view {
            if v.isHidden || v.alpha <= 0 { return false }
            view = v.superview
        }
        return true
    }
}
