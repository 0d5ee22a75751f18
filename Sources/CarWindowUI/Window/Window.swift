/// The projected screen: hosts the root view at the head unit's viewport size, renders frames when something
/// changed, turns touches into gestures and reports haptic regions.
///
/// Everything runs on ``CarWindowActor``. A size or orientation change lays the tree out again before the next
/// frame is rendered, and rendering is synchronous on the actor, so no frame is ever half laid out or half rotated.
///
/// ```swift
/// let metrics = try DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true)
/// let window = try Window(metrics: metrics)
/// let screen = NavigationScreen()   // keep it alive: it owns the map state the buttons change
/// try screen.install(in: window)
/// var frame = try PixelBuffer(width: 800, height: 480)
/// let report = try window.render(into: &frame)      // report.wasDirty == true for the first frame
/// window.handleTouch(ProjectionTouch(type: .begin, fingers: [.init(id: 0, path: [Point(x: 200, y: 150)])]))
/// ```
@CarWindowActor
public final class Window: FrameSource {
    /// Settings chosen by the app.
    public struct Configuration: Sendable {
        /// Full or dirty-region redraw.
        public var renderMode: RenderMode = .dirtyRegions
        /// Layouts the app supports; a viewport of another orientation is refused by ``Window/resize(to:)``.
        public var supportedOrientations: Set<Orientation> = [.landscape, .portrait]
        /// Painted under the root view; frames are always opaque. `nil` (the default) paints the theme's
        /// ``Theme/Palette/background``, so a root that paints nothing shows the theme's text on the theme's
        /// background, and day/night switches it too.
        ///
        /// ```swift
        /// var configuration = Window.Configuration()
        /// configuration.backgroundColor = Color(hex: 0x000000)   // always black, whatever the theme
        /// ```
        public var backgroundColor: Color?
        /// Below this viewport width or height, ``Window/compactRootView`` is shown instead of the root view
        /// (picture-in-picture). 400x300 by default (``defaultCompactThreshold``); `nil` never switches.
        ///
        /// ```swift
        /// var configuration = Window.Configuration()
        /// configuration.compactThreshold = Size(width: 480, height: 320)   // a bigger phone-sized window is compact
        /// ```
        public var compactThreshold: Size? = Configuration.defaultCompactThreshold
        /// The default ``compactThreshold``: a head unit's picture-in-picture or split-screen window is smaller,
        /// a full screen (800x480 and up) is not.
        public static let defaultCompactThreshold = Size(width: 400, height: 300)
        /// The smallest side of a touchable control, in viewport points: controls are at least this tall (and
        /// wide) so a finger in a moving car hits them. 48 by default.
        public var minimumTouchTarget: Double = 48

        public init() {}
    }

    public private(set) var configuration: Configuration

    /// The touch thresholds and synced panning of the window's own recognizer, which ``handleTouch(_:)`` feeds (a
    /// host without a projection). A projection recognizes touches in its run, with its
    /// `settings.projection.gestures`, and `WindowSource` sets this to the same.
    ///
    /// ```swift
    /// window.gestures = X11Application.gestureConfiguration   // taps reported at once, no double tap
    /// ```
    public var gestures: GestureConfiguration {
        get { recognizer.configuration }
        set { recognizer.configuration = newValue }
    }
    public private(set) var metrics: DisplayMetrics

    /// The screen's content at normal sizes. Setting it lays out and redraws before the next frame.
    public var rootView: View? { didSet { if rootView !== oldValue { rootsChanged(old: oldValue) } } }
    /// The content for small viewports: below ``Configuration/compactThreshold`` (400x300 unless the app sets it;
    /// `nil` there never switches) the window shows this instead of ``rootView``. Without one the root view is
    /// shown at every size.
    ///
    /// ```swift
    /// window.rootView = placesList
    /// window.compactRootView = nextTurnOnly      // a 320x240 picture-in-picture window shows this
    /// ```
    public var compactRootView: View? { didSet { if compactRootView !== oldValue { rootsChanged(old: oldValue) } } }
    /// Put first in the focusable items, as the head unit's initially focused item.
    public weak var preferredFocusView: View?
    /// The control the app's focus engine has focused (``moveFocus(_:)``), drawn with a focus ring; `OK` activates
    /// it. `nil` until focus first moves, and once the view is gone. A focused view that left the tree or was hidden
    /// keeps its place here but draws no ring and is not activated; the next move starts from where it was. A list
    /// row's focus follows the row: its view reused for another row is not focused, and the row's view is again once
    /// the row scrolls back.
    public internal(set) weak var focusedView: View? {
        didSet {
            guard focusedView !== oldValue else { return }
            oldValue?.setNeedsDisplay()
            focusedView?.setNeedsDisplay()
        }
    }
    /// The list a focused row belongs to, and the row's identity in it: a list reuses a row's view for another row
    /// once it scrolled away, and focus stays with the row, not with the view (``resolvedFocus()``).
    weak var focusedRowOwner: View?
    var focusedRowKey: String?

    /// The look of the whole tree: colours, fonts, radii and spacing. Setting it restyles every view and repaints
    /// the screen once.
    public var theme: Theme = .day {
        didSet { if theme != oldValue { environmentChanged() } }
    }

    /// True while the head unit reports driver distraction (`OnDriverDistraction` DD_ON); lists apply their
    /// ``ListView/DistractionBehavior``. The projection sets it; a host driving the window itself sets it too.
    public var isDriverDistracted = false {
        didSet { if isDriverDistracted != oldValue { environmentChanged() } }
    }

    /// Opens keyboards for ``TextField``s; the projection sets its head-unit keyboard here.
    public weak var keyboardPresenter: (any KeyboardPresenter)?

    /// Asked last about a hardware button press that neither the focused view, nor focus movement, nor any visible
    /// view took (``handleButton(_:)``): buttons that act on the whole screen, like a map's zoom. Return `true`
    /// when it acted.
    ///
    /// ```swift
    /// window.onButton = { button in
    ///     guard button.name == .search, button.isPress else { return false }
    ///     openSearch()
    ///     return true
    /// }
    /// ```
    public var onButton: (@CarWindowActor (ProjectionButton) -> Bool)?

    /// When false, touch events are ignored (and nothing in progress is reported).
    public var isTouchEnabled = true

    /// Called synchronously on ``CarWindowActor`` for every gesture, in order, after the views have handled it: the
    /// window's one way to tell the app of gestures (a projection's run also reports each as a `gesture` event).
    ///
    /// ```swift
    /// window.onGesture = { gesture in if case .doubleTap(let point) = gesture { zoom(at: point) } }
    /// ```
    public var onGesture: (@CarWindowActor (Gesture) -> Void)?

    /// Called synchronously on ``CarWindowActor`` when a view asks for a repaint while none was pending (the window
    /// goes from clean to dirty): how a frame pump learns at once that a program it projects drew what a tap changed.
    ///
    /// ```swift
    /// window.onInvalidate = { pump.windowInvalidated() }
    /// ```
    public var onInvalidate: (@CarWindowActor () -> Void)?

    var needsLayoutPass = true
    /// Set by ``View/setNeedsHapticUpdate()``: the haptic rects changed without anything to redraw.
    package var needsHapticUpdate = false
    private var needsFullRedraw = true
    private var dirtyRects: [Rect] = []
    private var lastTarget: TargetIdentity?
    private(set) var hostedRoot: View?

    var recognizer: GestureRecognizer<ElapsedInstant>
    let elapsed: @Sendable () -> Duration
    weak var pressedButton: Button?
    weak var gestureTarget: View?

    var locator = FocusableItemLocator()
    /// Runs animations and scroll momentum once per ``frameTick()``.
    public let animator: Animator
    /// Model changes seen by ``View/observe(_:)`` bindings, applied before the next layout.
    let observationInbox = ObservationInbox()
    var observationBindings: [Int: WeakObservationBinding] = [:]
    private var hapticTracker = HapticRegionTracker()

    /// Layout passes per frame before the window gives up on a tree that keeps invalidating itself.
    static let maximumLayoutPasses = 4

    /// The most dirty rects kept apart; more are merged into one bounding box.
    static let maximumDirtyRects = 8

    /// Creates a window on `clock` (tests pass a manual clock).
    ///
    /// - Throws: ``CarWindowError/Kind/unsupportedOrientation`` when the viewport's orientation is not supported.
    public init<C: Clock>(
        metrics: DisplayMetrics, configuration: Configuration = Configuration(), clock: C
    ) throws(CarWindowError) where C.Duration == Duration {
        try Self.check(metrics, against: configuration)
        self.metrics = metrics
        self.configuration = configuration
        self.recognizer = GestureRecognizer(configuration: GestureConfiguration())
        let origin = clock.now
        let elapsed: @Sendable () -> Duration = { origin.duration(to: clock.now) }
        self.elapsed = elapsed
        self.animator = Animator(now: elapsed)
    }

    /// Creates a window on the continuous clock.
    public convenience init(
        metrics: DisplayMetrics, configuration: Configuration = Configuration()
    ) throws(CarWindowError) {
        try self.init(metrics: metrics, configuration: configuration, clock: ContinuousClock())
    }

    // MARK: Size

    /// The frame size in pixels: the viewport.
    public var frameSize: Size { metrics.viewportSize }

    /// The root actually shown: the compact root below the threshold, else the root view.
    public var activeRootView: View? {
        if let compact = compactRootView, let threshold = configuration.compactThreshold {
            let size = metrics.viewportSize
            if size.width < threshold.width || size.height < threshold.height { return compact }
        }
        return rootView
    }

    /// Changes the viewport (in view points) keeping the scale; the tree is laid out again before the next frame.
    ///
    /// - Throws: ``CarWindowError/Kind/unsupportedOrientation`` or ``CarWindowError/Kind/invalidViewport``; the
    ///   window is unchanged then.
    public func resize(to viewportSize: Size) throws(CarWindowError) {
        let resolution = Size(
            width: viewportSize.width * metrics.scale, height: viewportSize.height * metrics.scale)
        try update(metrics: metrics.resized(to: resolution))
    }

    /// Applies new display metrics (a new size, scale or haptic support from the head unit).
    public func update(metrics newMetrics: DisplayMetrics) throws(CarWindowError) {
        try Self.check(newMetrics, against: configuration)
        let sizeChanged = newMetrics.viewportSize != metrics.viewportSize
        if newMetrics.isHapticSpatialDataSupported != metrics.isHapticSpatialDataSupported {
            hapticTracker.reset()
        }
        metrics = newMetrics
        if sizeChanged { rootsChanged(old: nil) }
    }

    /// Replaces the configuration (render mode, orientations, thresholds).
    public func update(configuration newConfiguration: Configuration) throws(CarWindowError) {
        try Self.check(metrics, against: newConfiguration)
        configuration = newConfiguration
        rootsChanged(old: nil)
    }

    private static func check(_ metrics: DisplayMetrics, against configuration: Configuration)
        throws(CarWindowError)
    {
        let orientation = metrics.orientation
        guard configuration.supportedOrientations.contains(orientation) else {
            throw CarWindowError(
                .unsupportedOrientation,
                "viewport \(metrics.viewportSize) is \(orientation); "
                    + "supported: \(configuration.supportedOrientations.map { "\($0)" }.sorted())"
            )
        }
    }

    private func environmentChanged() {
        needsFullRedraw = true
        hostedRoot?.propagateEnvironmentChange()
    }

    /// The colour painted under the root: the configuration's, else the theme's background.
    var paintedBackground: Color { configuration.backgroundColor ?? theme.palette.background }

    private func rootsChanged(old: View?) {
        if let old, old !== rootView, old !== compactRootView { old.hostWindow = nil }
        let active = activeRootView
        if let hostedRoot, hostedRoot !== active { hostedRoot.hostWindow = nil }
        let joined = hostedRoot !== active
        hostedRoot = active
        active?.hostWindow = self
        // A root that was off screen (a page swapped in, the compact root after a resize) missed any theme change
        // made meanwhile: it sees the current environment now, before it is laid out and drawn.
        if joined { active?.propagateEnvironmentChange() }
        active?.frame = Rect(origin: .zero, size: metrics.viewportSize)
        active?.setNeedsLayout()
        needsLayoutPass = true
        needsFullRedraw = true
        // Gestures in progress referred to the old tree.
        if recognizer.isTracking { deliver(recognizer.cancelPendingGestures()) }
    }

    // MARK: Layout and rendering

    /// True when the next render will write pixels.
    public var isDirty: Bool {
        needsFullRedraw || !dirtyRects.isEmpty || needsLayoutPass || observationInbox.hasChanges
    }

    /// Runs pending layout now (rendering does this by itself).
    public func layoutIfNeeded() {
        // A layout can invalidate a view above the one being laid out (a label's text set in a child's
        // layoutSubviews re-lays out its superview), so passes repeat until settled, a bounded number of times.
        applyObservedChanges()
        var passes = 0
        while needsLayoutPass, passes < Self.maximumLayoutPasses {
            needsLayoutPass = false
            hostedRoot?.layoutIfNeeded()
            passes += 1
        }
        needsLayoutPass = false
    }

    /// Marks an area (window coordinates) for repaint.
    func invalidate(_ rect: Rect) {
        guard !needsFullRedraw else { return }
        let clipped = rect.intersection(Rect(origin: .zero, size: metrics.viewportSize))
        guard !clipped.isEmpty else { return }
        let wasClean = !isDirty
        if let index = dirtyRects.firstIndex(where: { $0.intersects(clipped) }) {
            dirtyRects[index] = dirtyRects[index].union(clipped)
        } else {
            dirtyRects.append(clipped)
        }
        if dirtyRects.count > Self.maximumDirtyRects {
            dirtyRects = [dirtyRects.reduce(Rect.zero) { $0.union($1) }]
        }
        if wasClean { onInvalidate?() }
    }

    /// Renders the next frame into caller memory if anything changed since the last one (or the target is new).
    ///
    /// - Throws: ``CarWindowError/Kind/invalidPixelBuffer`` when the target is not ``frameSize``;
    ///   ``CarWindowError/Kind/rendering`` when Cairo fails.
    public func render(into target: RenderTarget) throws(CarWindowError) -> FrameReport {
        let size = metrics.viewportSize
        guard Double(target.width) == size.width, Double(target.height) == size.height else {
            throw CarWindowError(
                .invalidPixelBuffer, "target \(target.width)x\(target.height) is not the viewport \(size)")
        }
        layoutIfNeeded()
        let focused = resolvedFocus()
        let newTarget = needsFullRedraw || lastTarget != target.identity
        // `.full` repaints everything, but only when something changed: a static screen costs nothing in either mode.
        guard newTarget || !dirtyRects.isEmpty else {
            return FrameReport(wasDirty: false, isFullRedraw: false, redrawnRegion: [], size: size)
        }
        let full = newTarget || configuration.renderMode == .full
        let region = full ? [Rect(origin: .zero, size: size)] : dirtyRects.map(\.integral)
        try TreeRenderer.render(
            root: hostedRoot, background: paintedBackground, into: target, clip: full ? nil : region,
            focused: focused.map { ($0, theme.palette.primaryText) })
        needsFullRedraw = false
        dirtyRects = []
        lastTarget = target.identity
        return FrameReport(wasDirty: true, isFullRedraw: full, redrawnRegion: region, size: size)
    }

    /// Renders into an owned buffer (tests, benchmarks, screenshots).
    public func render(into buffer: inout PixelBuffer) throws(CarWindowError) -> FrameReport {
        try buffer.withRenderTarget { (target) throws(CarWindowError) in try render(into: target) }
    }

    // MARK: Haptics

    /// The focusable items of the current layout (what the head unit's haptic data is made of), in window points,
    /// cut to what is visible, without slivers thinner than half ``Configuration/minimumTouchTarget``
    /// (``FocusableItemLocator`` says why); empty when the head unit does not support haptic data.
    public func focusableItems() -> [FocusableItem] {
        guard metrics.isHapticSpatialDataSupported, let root = hostedRoot else { return [] }
        layoutIfNeeded()
        return locator.locate(
            in: root, viewport: Rect(origin: .zero, size: metrics.viewportSize), preferred: preferredFocusView,
            minimumVisibleExtent: configuration.minimumTouchTarget / 2)
    }

    /// The focusable items when they differ from the ones last returned here, else `nil`; always `nil` when the head
    /// unit does not support haptic data. An empty array means "clear".
    public func focusableItemsIfChanged() -> [FocusableItem]? {
        guard metrics.isHapticSpatialDataSupported else { return nil }
        return hapticTracker.update(focusableItems())
    }
}
