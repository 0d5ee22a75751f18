public import SDLRPC

extension SendHapticData {
    /// The request that replaces the head unit's haptic rects with `rects` (head-unit pixels, ids as assigned by
    /// `FocusableItemLocator`). An empty array clears them (RPC spec: `hapticRectData`).
    ///
    /// ```swift
    /// let request = SendHapticData(rects: window.hapticRects())
    /// ```
    public init(rects: [HapticRect]) {
        self.init(hapticRectData: rects)
    }
}
