/// A width and height in view coordinates or pixels, depending on context.
///
/// ```swift
/// let viewport = Size(width: 800, height: 480)
/// viewport.isLandscape   // true
/// ```
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 0 x 0.
    public static let zero = Size(width: 0, height: 0)

    /// True when either dimension is zero or negative.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public var description: String { "\(width.compactDescription)x\(height.compactDescription)" }
}
