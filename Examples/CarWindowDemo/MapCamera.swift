public import CarWindow

/// Where the sample map looks: a world point at the centre of the view and a zoom (view points per world unit).
///
/// ```swift
/// var camera = MapCamera()
/// camera.zoom(by: 2, around: Point(x: 100, y: 100), in: Size(width: 800, height: 480))
/// ```
public struct MapCamera: Hashable, Sendable {
    /// Zoom limits, so pinches cannot zoom to nothing or to infinity.
    public static let zoomRange = 0.25...8.0

    /// How far from ``home`` the centre may go, in world units on each axis: the drawing loops over the blocks in
    /// view, so no input (a pan to 2^63, a non-finite point) may take the camera where a `Double` step stops moving.
    public static let worldRange = -1_000_000.0...1_000_000.0

    /// The world point shown at the centre of the view, always inside ``worldRange``.
    public var center: Point {
        didSet { center = Self.bounded(center, fallback: oldValue) }
    }
    /// View points per world unit.
    public private(set) var zoom: Double

    public init(center: Point = MapCamera.home, zoom: Double = 1) {
        self.center = Self.bounded(center, fallback: Self.home)
        self.zoom = min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    }

    /// The world point the sample map opens on (the vehicle's start).
    public static let home = Point(x: 0, y: 0)

    /// View coordinates of a world point in a view of `size`.
    public func viewPoint(_ world: Point, in size: Size) -> Point {
        Point(x: (world.x - center.x) * zoom + size.width / 2, y: (world.y - center.y) * zoom + size.height / 2)
    }

    /// World coordinates of a view point.
    public func worldPoint(_ view: Point, in size: Size) -> Point {
        Point(x: (view.x - size.width / 2) / zoom + center.x, y: (view.y - size.height / 2) / zoom + center.y)
    }

    /// `point` clamped to ``worldRange``; a non-finite coordinate keeps `fallback`'s.
    static func bounded(_ point: Point, fallback: Point) -> Point {
        func clamp(_ value: Double, _ previous: Double) -> Double {
            guard value.isFinite else { return previous }
            return min(max(value, worldRange.lowerBound), worldRange.upperBound)
        }
        return Point(x: clamp(point.x, fallback.x), y: clamp(point.y, fallback.y))
    }

    /// Moves the map with a finger: the world point under `from` ends up under `to`.
    public mutating func pan(from: Point, to: Point) {
        center = Point(x: center.x - (to.x - from.x) / zoom, y: center.y - (to.y - from.y) / zoom)
    }

    /// Zooms by `factor`, keeping the world point under `anchor` in place.
    public mutating func zoom(by factor: Double, around anchor: Point, in size: Size) {
        guard factor.isFinite, factor > 0 else { return }
        let fixed = worldPoint(anchor, in: size)
        zoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        let moved = worldPoint(anchor, in: size)
        center = Point(x: center.x + fixed.x - moved.x, y: center.y + fixed.y - moved.y)
    }
}
