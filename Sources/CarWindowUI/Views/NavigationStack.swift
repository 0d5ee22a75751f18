/// Pages on top of each other with a bar above them: ``push(_:title:)`` goes deeper (a list's row to its detail),
/// ``pop()`` or the bar's Back button comes back. Car apps are list, detail, back.
///
/// Only the top page is in the view tree. So a push or a pop replaces the page's haptic rects in one update (the
/// next frame's rects hold the new page's controls and the Back button, none of the old page's), the pages below
/// take no touches and cost no drawing, and a page that joins sees the window's current theme and driver
/// distraction at once (``View/environmentDidChange()`` runs as it is added), even after a day/night switch made
/// while it was below. The bar draws with the theme too: the surface colour, the primary text colour for the title.
///
/// ```swift
/// let places = ListView(dataSource: placesSource)
/// let stack = NavigationStack(root: places, title: "Places")
/// places.onSelect = { indexPath in
///     stack.push(PlaceDetail(place: placesSource.places[indexPath.row]), title: placesSource.places[indexPath.row])
/// }
/// window.rootView = stack       // Back (shown from the second page on) pops
/// ```
@CarWindowActor
open class NavigationStack: View {
    /// The pages, bottom (the root) first; the last is on screen.
    public private(set) var pages: [View]
    /// The bar titles of ``pages``, in the same order.
    public private(set) var titles: [String]
    /// The bar across the top: ``backButton`` and ``titleLabel``. Give it a ``View/backgroundColor`` to override
    /// the theme's surface colour.
    public let bar: View
    /// Pops the top page; hidden (so no haptic rect) on the root page.
    public let backButton: Button
    /// The top page's title.
    public let titleLabel: Label
    /// The bar's height in points; at least the window's minimum touch target, so Back is easy to hit.
    public var barHeight: Double = 56 { didSet { if barHeight != oldValue { setNeedsLayout() } } }
    /// Called after each push or pop with the page now on top.
    public var onChange: (@CarWindowActor (View) -> Void)?

    /// The page on screen.
    public var topPage: View { pages[pages.count - 1] }

    /// A stack showing `root` under a bar titled `title`.
    public init(root: View, title: String) {
        pages = [root]
        titles = [title]
        bar = NavigationBar()
        backButton = Button(title: "‹ Back")
        titleLabel = Label(text: title, font: Font(size: 22, weight: .bold))
        super.init()
        titleLabel.alignment = .center
        backButton.isHidden = true
        bar.addSubview(titleLabel)
        bar.addSubview(backButton)
        addSubview(bar)
        insertSubview(root, at: 0)
        backButton.action = { [unowned self] in self.pop() }
    }

    /// Shows `page` on top with `title` in the bar, and the Back button.
    public func push(_ page: View, title: String) {
        guard !pages.contains(where: { $0 === page }) else { return }
        let below = topPage
        pages.append(page)
        titles.append(title)
        show(page, replacing: below)
    }

    /// Removes the top page and shows the one below; the root page stays.
    ///
    /// - Returns: the page removed, or `nil` on the root page.
    @discardableResult
    public func pop() -> View? {
        guard pages.count > 1 else { return nil }
        let removed = pages.removeLast()
        titles.removeLast()
        show(topPage, replacing: removed)
        return removed
    }

    /// Goes back to the root page.
    public func popToRoot() {
        guard pages.count > 1 else { return }
        let removed = topPage
        pages.removeSubrange(1...)
        titles.removeSubrange(1...)
        show(topPage, replacing: removed)
    }

    /// Swaps the page in the tree in one step: the old one leaves before the next frame or haptic update sees it.
    private func show(_ page: View, replacing old: View) {
        old.removeFromSuperview()
        insertSubview(page, at: 0)
        titleLabel.text = titles[titles.count - 1]
        backButton.isHidden = pages.count < 2
        setNeedsLayout()
        onChange?(page)
    }

    open override func layoutSubviews() {
        let minimum = window?.configuration.minimumTouchTarget ?? 48
        let height = min(bounds.height, max(barHeight, minimum))
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: height)
        let inset = 8.0
        let back = backButton.intrinsicContentSize
        let backWidth = max(back.width, minimum)
        let backHeight = max(minimum, min(back.height, height - 2 * inset))
        backButton.frame = Rect(x: inset, y: (height - backHeight) / 2, width: backWidth, height: backHeight)
        // Centred on the bar, clear of Back on both sides so it stays centred.
        let side = inset * 2 + backWidth
        titleLabel.frame = Rect(x: side, y: 0, width: max(0, bounds.width - 2 * side), height: height)
        topPage.frame = Rect(x: 0, y: height, width: bounds.width, height: max(0, bounds.height - height))
    }
}

/// The bar of a ``NavigationStack``: the theme's surface colour unless given one.
@CarWindowActor
final class NavigationBar: View {
    override var currentBackgroundColor: Color { backgroundColor.isClear ? theme.palette.surface : backgroundColor }
}
