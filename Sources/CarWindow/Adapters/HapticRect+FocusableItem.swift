public import CarWindowUI
public import SDLRPC

extension HapticRect {
    /// The haptic rect the head unit gets for a window's focusable item: its rect multiplied by `scale` (head-unit
    /// pixels per view point, as sdl_ios's `SDLStreamingVideoScaleManager` `scaleHapticRect:` does), its edges
    /// rounded to whole head-unit pixels, so the head unit gets no `800x1.2321770991857761` and neighbours stay edge
    /// to edge. `nil` when nothing a pixel wide is left.
    ///
    /// ```swift
    /// let item = FocusableItem(id: 1, rect: Rect(x: 10, y: 10, width: 100.3, height: 50))
    /// HapticRect(item, scale: 1.5)   // id 1 at (15, 15), 150x75
    /// ```
    public init?(_ item: FocusableItem, scale: Double) {
        // Edges, not origin and size, are rounded: two items that touch still touch.
        let x0 = (item.rect.minX * scale).rounded()
        let y0 = (item.rect.minY * scale).rounded()
        let x1 = (item.rect.maxX * scale).rounded()
        let y1 = (item.rect.maxY * scale).rounded()
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(id: item.id, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Window {
    /// The haptic rects of the current layout as the head unit gets them: `Window.focusableItems()` in whole
    /// head-unit pixels (`HapticRect.init(_:scale:)`); empty when the head unit does not support haptic data.
    ///
    /// ```swift
    /// let request = SendHapticData(rects: window.hapticRects())
    /// ```
    public func hapticRects() -> [HapticRect] {
        focusableItems().compactMap { HapticRect($0, scale: metrics.scale) }
    }
}
