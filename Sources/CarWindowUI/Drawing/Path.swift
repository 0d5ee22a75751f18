/// A vector path built from lines, curves and arcs, drawn by `DrawingContext/stroke(_:color:lineWidth:)` or
/// `DrawingContext/fill(_:color:)`.
///
/// ```swift
/// var route = Path()
/// route.move(to: Point(x: 10, y: 10))
/// route.addLine(to: Point(x: 200, y: 80))
/// ```
public struct Path: Hashable, Sendable {
    /// One drawing step.
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case curve(control1: Point, control2: Point, end: Point)
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
        case close
    }

    /// The steps in order.
    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1: control1, control2: control2, end: end))
    }
    /// Adds a clockwise arc; angles in radians, 0 pointing right.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle))
    }
    public mutating func close() { elements.append(.close) }

    /// A rectangle with optionally rounded corners.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        var path = Path()
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            path.move(to: rect.origin)
            path.addLine(to: Point(x: rect.maxX, y: rect.minY))
            path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
            path.addLine(to: Point(x: rect.minX, y: rect.maxY))
            path.close()
            return path
        }
        let quarter = Double.pi / 2
        path.addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -quarter, endAngle: 0)
        path.addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: quarter)
        path.addArc(
            center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: quarter, endAngle: 2 * quarter)
        path.addArc(
            center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: 2 * quarter, endAngle: 3 * quarter
        )
        path.close()
        return path
    }

    /// A full circle.
    public static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi)
        path.close()
        return path
    }
}
