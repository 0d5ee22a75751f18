public import SDLRPC

/// Finds the focusable items of a view tree and turns them into haptic rects for the head unit.
///
/// It walks the tree front to back in tree order and collects focusable views (``Button``s and views with
/// ``View/isFocusable``) without descending into them, plus each visible ``Canvas``'s ``Canvas/hapticRegions``.
/// Rects are converted to window coordinates, clipped to the viewport, and multiplied by the display scale
/// (as sdl_ios's `SDLStreamingVideoScaleManager` `scaleHapticRect:`). The preferred item comes first.
///
/// Ids are assigned once per view (and per canvas region key, and per list row identity) and kept across layouts;
/// sdl_ios renumbers every time, which makes the head unit treat a moved button as a new one. Views inside a
/// clipping view (``ScrollView``) are cut to it, so a row scrolled out of sight has no rect.
///
/// ```swift
/// var locator = FocusableItemLocator()
/// let rects = locator.locate(in: root, viewport: Rect(origin: .zero, size: viewport), scale: 1.5, preferred: okButton)
/// ```
public struct FocusableItemLocator: Sendable {
    private var nextID = 1
    private var regionIDs: [RegionKey: Int] = [:]

    private struct RegionKey: Hashable {
        var canvas: Int
        var key: String
    }

    public init() {}

    /// The haptic rects of the focusable items in `root`, preferred item first.
    @CarWindowActor
    public mutating func locate(in root: View, viewport: Rect, scale: Double, preferred: View? = nil) -> [HapticRect] {
        var found: [(view: View?, rect: HapticRect)] = []
        collect(root, origin: root.frame.origin, clip: viewport, scale: scale, into: &found)
        if let preferred, let index = found.firstIndex(where: { $0.view === preferred }), index > 0 {
            let item = found.remove(at: index)
            found.insert(item, at: 0)
        }
        return found.map(\.rect)
    }

    @CarWindowActor
    private mutating func collect(
        _ view: View, origin: Point, clip: Rect, scale: Double, into found: inout [(view: View?, rect: HapticRect)]
    ) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let frame = Rect(origin: origin, size: view.frame.size)
        if view.isFocusable {
            if let rect = hapticRect(frame, viewport: clip, scale: scale, id: id(for: view)) {
                found.append((view, rect))
            }
            return
        }
        if let canvas = view as? Canvas {
            let canvasID = id(for: canvas)
            for region in canvas.hapticRegions {
                let regionID = id(forRegion: region.key, canvas: canvasID)
                if let rect = hapticRect(
                    region.rect.offsetBy(origin).intersection(frame), viewport: clip, scale: scale, id: regionID)
                {
                    found.append((nil, rect))
                }
            }
        }
        // A clipping view (a scroll view) hides what lies outside it: its rows scrolled away are no haptic rects.
        let inner = view.clipsToBounds ? clip.intersection(frame) : clip
        guard !inner.isEmpty else { return }
        for subview in view.subviews {
            collect(subview, origin: origin + subview.frame.origin, clip: inner, scale: scale, into: &found)
        }
    }

    private func hapticRect(_ rect: Rect, viewport: Rect, scale: Double, id: Int) -> HapticRect? {
        let visible = rect.intersection(viewport)
        guard !visible.isEmpty else { return nil }
        return HapticRect(
            id: id, x: visible.minX * scale, y: visible.minY * scale,
            width: visible.width * scale, height: visible.height * scale)
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
