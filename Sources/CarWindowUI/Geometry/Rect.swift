/// An axis-aligned rectangle: origin at the top-left corner, y grows downwards (as in Cairo and SDL touches).
///
/// ```swift
/// let a = Rect(x: 0, y: 0, width: 100, height: 50)
/// a.contains(Point(x: 10, y: 10))                          // true
/// a.intersection(Rect(x: 50, y: 0, width: 100, height: 100))  // 50,0 50x50
/// (a.midX, a.midY, a.maxX, a.maxY)                         // (50, 25, 100, 50)
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// Halfway between the left and right edges: where a tap on the rect's centre lands, horizontally.
    ///
    /// ```swift
    /// let row = await emulator.headUnitRect(of: placeRow)
    /// try await emulator.tap(x: row.midX, y: row.midY)
    /// ```
    public var midX: Double { origin.x + size.width / 2 }
    /// Halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The right edge: `minX + width` (outside the rect, see ``contains(_:)``).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge: `minY + height` (outside the rect, see ``contains(_:)``).
    public var maxY: Double { origin.y + size.height }
    /// The width (`size.width`).
    public var width: Double { size.width }
    /// The height (`size.height`).
    public var height: Double { size.height }
    /// The centre point: (``midX``, ``midY``).
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the width or the height is zero or less.
    public var isEmpty: Bool { size.isEmpty }

    /// True when `point` lies inside; the right and bottom edges are outside, so adjacent rects never both contain a
    /// point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the rectangles overlap by a non-zero area.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle shrunk by `insets` (never to a negative size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: max(0, width - insets.horizontal),
            height: max(0, height - insets.vertical)
        )
    }

    /// The rectangle moved by `offset`.
    public func offsetBy(_ offset: Point) -> Rect { Rect(origin: origin + offset, size: size) }

    /// The smallest rectangle with whole-pixel edges that contains this one: what a dirty region must repaint.
    public var integral: Rect {
        let x0 = minX.rounded(.down)
        let y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    public var description: String {
        "\(minX.compactDescription),\(minY.compactDescription) \(size)"
    }
}
