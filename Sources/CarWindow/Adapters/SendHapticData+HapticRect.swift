public import SDLRPC

extension SendHapticData {
    /// The request that replaces the head unit's haptic rects with `rects` (head-unit pixels, ids as assigned by
    /// ``FocusableItemLocator``). An empty array clears them (RPC spec: `hapticRectData`).
    ///
    /// ```swift
    /// let request = SendHapticData(rects: window.hapticRects())
    /// ```
    public init(rects: [CarWindow.HapticRect]) {
        self.init(hapticRectData: rects.map(SDLRPC.HapticRect.init(_:)))
    }
}

extension SDLRPC.HapticRect {
    /// The RPC form of one haptic rect: the same id, the rect as SDL's `Rectangle`.
    public init(_ rect: CarWindow.HapticRect) {
        self.init(id: rect.id, rect: Rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height))
    }
}
