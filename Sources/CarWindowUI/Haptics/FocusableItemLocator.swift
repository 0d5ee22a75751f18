/// Finds the focusable items of a view tree: what the head unit's haptic data (its knob's focus, its touch targets)
/// is made of.
///
/// It walks the tree front to back in tree order and collects focusable views (``Button``s and views with
/// ``View/isFocusable``) without descending into them, plus each visible ``Canvas``'s ``Canvas/hapticRegions``.
/// Rects are converted to window coordinates and clipped to the viewport; they stay in window points (the projection
/// multiplies them by the display scale and rounds them to whole head-unit pixels when it sends them). The preferred
/// item comes first.
///
/// An item cut by a clipping view, its canvas or the screen's edge (a row scrolling out of a list, a map pin at the
/// screen's edge) whose visible part is thinner
/// than `minimumVisibleExtent` in a dimension that was cut is left out: a sliver. The window passes half its
/// ``Window/Configuration/minimumTouchTarget`` (24 points by default): a finger aimed at the centre of a strip that
/// thin lands mostly on its neighbour, and the head unit's focus highlight on it would show a control the driver
/// cannot see. Items the app made that small on purpose are kept whole.
///
/// Ids are assigned once per view (and per canvas region key, and per list row identity) and kept across layouts;
/// sdl_ios renumbers every time, which makes the head unit treat a moved button as a new one. Views inside a
/// clipping view (``ScrollView``) are cut to it, so a row scrolled out of sight has no rect. An item wholly covered
/// by an opaque view drawn above it (a sheet over a screen: opaque background, full alpha) is not reported either,
/// so the head unit's focus never lands on a button the driver cannot see.
///
/// ```swift
/// var locator = FocusableItemLocator()
/// let items = locator.locate(in: root, viewport: Rect(origin: .zero, size: viewport), preferred: okButton)
/// ```
public struct FocusableItemLocator: Sendable {
    /// The default sliver threshold, in window points: half the default minimum touch target (48).
    public static let defaultMinimumVisibleExtent: Double = 24

    private var nextID = 1
    private var regionIDs: [RegionKey: Int] = [:]

    private struct RegionKey: Hashable {
        var canvas: Int
        var key: String
    }

    public init() {}

    /// The focusable items in `root`, preferred item first, their visible parts in window points.
    ///
    /// - Parameter minimumVisibleExtent: in window points, the thinnest visible part of a cut item that is kept.
    @CarWindowActor
    public mutating func locate(
        in root: View, viewport: Rect, preferred: View? = nil,
        minimumVisibleExtent: Double = FocusableItemLocator.defaultMinimumVisibleExtent
    ) -> [FocusableItem] {
        var walk = Walk(minimumExtent: minimumVisibleExtent)
        collect(root, origin: root.frame.origin, clip: viewport, opaque: true, into: &walk)
        var found = walk.items.filter { item in
            !walk.covers.contains { $0.order > item.order && $0.rect.encloses(item.item.rect) }
        }
        if let preferred, let index = found.firstIndex(where: { $0.view === preferred }), index > 0 {
            let item = found.remove(at: index)
            found.insert(item, at: 0)
        }
        return found.map(\.item)
    }

    /// The focusable views that ``locate(in:viewport:preferred:minimumVisibleExtent:)`` reports as items, in
    /// tree order, each with its visible part in window points: the focus engine moves over exactly what the head
    /// unit's knob can highlight.
    @CarWindowActor
    mutating func focusableViews(
        in root: View, viewport: Rect, minimumVisibleExtent: Double
    ) -> [(view: View, visible: Rect)] {
        var walk = Walk(minimumExtent: minimumVisibleExtent)
        collect(root, origin: root.frame.origin, clip: viewport, opaque: true, into: &walk)
        return walk.items.compactMap { item in
            guard let view = item.view,
                !walk.covers.contains(where: { $0.order > item.order && $0.rect.encloses(item.item.rect) })
            else { return nil }
            return (view, item.item.rect)
        }
    }

    /// What one pass over the tree found: items and the opaque areas that may hide them, numbered in drawing order.
    private struct Walk {
        struct Item {
            var view: View?
            /// Its id and visible part.
            var item: FocusableItem
            var order: Int
        }

        struct Cover {
            var rect: Rect
            var order: Int
        }

        /// The sliver threshold, in window points.
        let minimumExtent: Double
        var items: [Item] = []
        var covers: [Cover] = []
        var order = 0
    }

    @CarWindowActor
    private mutating func collect(
        _ view: View, origin: Point, clip: Rect, opaque: Bool, into walk: inout Walk
    ) {
        guard !view.isHidden, view.alpha > 0 else { return }
        walk.order += 1
        let order = walk.order
        let frame = Rect(origin: origin, size: view.frame.size)
        // Opaque only when nothing on the way down fades it: a half-transparent sheet still shows what is below.
        let opaque = opaque && view.alpha >= 1
        if opaque, view.currentBackgroundColor.alpha >= 1 {
            // Rounded corners let what lies beneath show through; only the inner rect surely covers.
            let radius = view.cornerRadius
            let solid = frame.inset(by: EdgeInsets(all: radius))
            let covered = solid.intersection(clip)
            if !covered.isEmpty { walk.covers.append(Walk.Cover(rect: covered, order: order)) }
        }
        if view.isFocusable {
            if let visible = visiblePart(of: frame, clip: clip, walk: walk) {
                let item = FocusableItem(id: id(for: view), rect: visible)
                walk.items.append(Walk.Item(view: view, item: item, order: order))
            }
            return
        }
        if let canvas = view as? Canvas {
            let canvasID = id(for: canvas)
            for region in canvas.hapticRegions {
                // The canvas's own bounds cut a region as a clipping view does: a pin half off the map is a sliver.
                let regionRect = region.rect.offsetBy(origin)
                if let visible = visiblePart(of: regionRect, clip: clip.intersection(frame), walk: walk) {
                    let item = FocusableItem(id: id(forRegion: region.key, canvas: canvasID), rect: visible)
                    walk.items.append(Walk.Item(view: nil, item: item, order: order))
                }
            }
        }
        // A clipping view (a scroll view) hides what lies outside it: its rows scrolled away are no haptic rects.
        let inner = view.clipsToBounds ? clip.intersection(frame) : clip
        guard !inner.isEmpty else { return }
        for subview in view.subviews {
            collect(
                subview, origin: origin + subview.frame.origin, clip: inner, opaque: opaque, into: &walk)
        }
    }

    /// The part of `rect` (window points) inside `clip`; `nil` when nothing of it shows or what shows of it is a
    /// sliver.
    private func visiblePart(of rect: Rect, clip: Rect, walk: Walk) -> Rect? {
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return nil }
        // A dimension counts as cut only when the clip took more than rounding noise from it.
        let cutWidth = visible.width < rect.width - 1e-6
        let cutHeight = visible.height < rect.height - 1e-6
        if cutWidth && visible.width < walk.minimumExtent || cutHeight && visible.height < walk.minimumExtent {
            return nil
        }
        return visible
    }

    @CarWindowActor
    private mutating func id(for view: View) -> Int {
        // A reused list row keeps the id of the row it shows, not of the view.
        if let owner = view.hapticOwner, let key = view.hapticKey {
            return id(forRegion: key, canvas: id(for: owner))
        }
        if let id = view.hapticID { return id }
        let id = takeID()
        view.hapticID = id
        return id
    }

    private mutating func id(forRegion key: String, canvas: Int) -> Int {
        let regionKey = RegionKey(canvas: canvas, key: key)
        if let id = regionIDs[regionKey] { return id }
        let id = takeID()
        regionIDs[regionKey] = id
        return id
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

extension Rect {
    /// True when `other` lies wholly inside this rectangle.
    fileprivate func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
