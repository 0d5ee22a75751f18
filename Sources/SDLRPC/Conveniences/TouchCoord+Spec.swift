extension TouchCoord {
    /// MOBILE_API's range for `x` and `y`: head-unit pixels, 0...10000.
    public static let specRange = 0...10_000

    /// Whether both coordinates lie in ``specRange``. A touch outside it is a head-unit bug (or an attack: a pan
    /// to 2^63 once hung the sample map's drawing), so the touch adapters refuse it before any view sees it.
    ///
    /// ```swift
    /// TouchCoord(x: 400, y: 300).isWithinSpec            // true
    /// TouchCoord(x: Int.max, y: 0).isWithinSpec          // false
    /// ```
    public var isWithinSpec: Bool { Self.specRange.contains(x) && Self.specRange.contains(y) }
}
