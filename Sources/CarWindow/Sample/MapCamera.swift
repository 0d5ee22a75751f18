/// Where the sample map looks: a world point at the centre of the view and a zoom (view points per world unit).
///
/// ```swift
/// var camera = MapCamera()
/// camera.zoom(by: 2, around: Point(x: 100, y: 100), in: Size(width: 800, height: 480))
/// ```
public struct MapCamera: Hashable, Sendable {
    /// Zoom limits, so pinches cannot zoom to nothing or to infinity.
    public static let zoomRange = 0.25...8.0

    /// The world point shown at the centre of the view.
    public var center: Point
    /// View points per world unit.
    public private(set) var zoom: Double

    public init(center: Point = MapCamera.home, zoom: Double = 1) {
        self.center = center
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
