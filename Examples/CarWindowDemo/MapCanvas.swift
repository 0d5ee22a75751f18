public import CarWindow

/// The sample navigation map: a procedural city (street grid, avenues, park, river), a route, points of interest
/// and the vehicle marker, drawn for a ``MapCamera``, in day or night colours after the window's theme.
///
/// ```swift
/// let map = MapCanvas()
/// map.camera.zoom(by: 2, around: map.bounds.center, in: map.bounds.size)
/// map.setNeedsDisplay()
/// ```
@CarWindowActor
public final class MapCanvas: Canvas {
    /// A tappable point of interest.
    public struct Pin: Hashable, Sendable {
        public var name: String
        public var world: Point
    }

    public var camera = MapCamera() { didSet { if camera != oldValue { mapChanged() } } }
    /// Progress of the vehicle along the route, 0...1.
    public var vehicleProgress: Double = 0 { didSet { if vehicleProgress != oldValue { mapChanged() } } }
    /// Draw street names (off in the compact map).
    public var showsLabels = true

    /// The route, in world units.
    public static let route: [Point] = [
        Point(x: 0, y: 0), Point(x: 0, y: -200), Point(x: 300, y: -200), Point(x: 300, y: -400),
        Point(x: 700, y: -400), Point(x: 700, y: -100), Point(x: 1000, y: -100),
    ]
    public static let pins: [Pin] = [
        Pin(name: "Fuel", world: Point(x: 200, y: -300)),
        Pin(name: "Café", world: Point(x: -150, y: 100)),
        Pin(name: "Parking", world: Point(x: 500, y: -250)),
    ]
    static let pinRadius = 14.0
    /// A pin's haptic rect is wider than the pin drawn: a knob car's highlight and a finger need 48 px
    /// (`carwindow check haptics` flags less), and a 28 px target is a miss waiting to happen.
    static let pinTouchSide = 48.0
    private static let block = 100.0

    public init() {
        super.init()
        clipsToBounds = true
    }

    /// The land; the map is always opaque, so it needs no explicit `View.backgroundColor`.
    public override var currentBackgroundColor: Color { MapColors.for(theme.appearance).land }

    public override var frame: Rect { didSet { if frame.size != oldValue.size { updatePins() } } }

    /// The vehicle's world position at ``vehicleProgress``.
    public var vehiclePosition: Point {
        let route = Self.route
        let lengths = zip(route, route.dropFirst()).map { $0.distance(to: $1) }
        var remaining = lengths.reduce(0, +) * min(max(vehicleProgress, 0), 1)
        for (i, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length
                return Point(
                    x: route[i].x + (route[i + 1].x - route[i].x) * t, y: route[i].y + (route[i + 1].y - route[i].y) * t
                )
            }
            remaining -= length
        }
        return route.last ?? .zero
    }

    private func mapChanged() {
        updatePins()
        setNeedsDisplay()
    }

    private func updatePins() {
        hapticRegions = Self.pins.map { pin in
            let p = camera.viewPoint(pin.world, in: bounds.size)
            let r = Self.pinTouchSide / 2
            return HapticRegion(key: pin.name, rect: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r))
        }
    }

    public override func draw(in context: borrowing DrawingContext) {
        let size = bounds.size
        let topLeft = camera.worldPoint(.zero, in: size)
        let bottomRight = camera.worldPoint(Point(x: size.width, y: size.height), in: size)
        let zoom = camera.zoom
        let colors = MapColors.for(theme.appearance)

        // Park and river under the streets.
        let park = Rect(
            origin: camera.viewPoint(Point(x: 100, y: 0), in: size), size: Size(width: 200 * zoom, height: 200 * zoom))
        context.fill(.roundedRect(park, cornerRadius: 12 * zoom), color: colors.park)
        var river = Path()
        river.move(to: camera.viewPoint(Point(x: -2000, y: 350), in: size))
        river.addCurve(
            to: camera.viewPoint(Point(x: 2000, y: 250), in: size),
            control1: camera.viewPoint(Point(x: -500, y: 150), in: size),
            control2: camera.viewPoint(Point(x: 500, y: 500), in: size))
        context.stroke(river, color: colors.water, lineWidth: 40 * zoom)

        // Streets every block; every fifth one is an avenue.
        let first = (x: (topLeft.x / Self.block).rounded(.down), y: (topLeft.y / Self.block).rounded(.down))
        let last = (x: (bottomRight.x / Self.block).rounded(.up), y: (bottomRight.y / Self.block).rounded(.up))
        for major in [false, true] {
            var streets = Path()
            var i = first.x
            while i <= last.x {
                if (Int(i) % 5 == 0) == major {
                    streets.move(to: Point(x: camera.viewPoint(Point(x: i * Self.block, y: 0), in: size).x, y: 0))
                    streets.addLine(
                        to: Point(x: camera.viewPoint(Point(x: i * Self.block, y: 0), in: size).x, y: size.height))
                }
                i += 1
            }
            var j = first.y
            while j <= last.y {
                if (Int(j) % 5 == 0) == major {
                    streets.move(to: Point(x: 0, y: camera.viewPoint(Point(x: 0, y: j * Self.block), in: size).y))
                    streets.addLine(
                        to: Point(x: size.width, y: camera.viewPoint(Point(x: 0, y: j * Self.block), in: size).y))
                }
                j += 1
            }
            context.stroke(
                streets, color: major ? colors.avenue : colors.street, lineWidth: (major ? 14 : 8) * min(zoom, 2))
        }

        // Route, pins, vehicle.
        var route = Path()
        for (index, point) in Self.route.enumerated() {
            let p = camera.viewPoint(point, in: size)
            if index == 0 { route.move(to: p) } else { route.addLine(to: p) }
        }
        context.stroke(route, color: colors.route, lineWidth: 7)
        for pin in Self.pins {
            let p = camera.viewPoint(pin.world, in: size)
            context.fill(.circle(center: p, radius: Self.pinRadius), color: Color(hex: 0xD84315))
            context.drawText(
                String(pin.name.prefix(1)), in: Rect(x: p.x - 14, y: p.y - 14, width: 28, height: 28),
                font: Font(size: 15, weight: .bold), color: .white, alignment: .center, wraps: false)
        }
        let vehicle = camera.viewPoint(vehiclePosition, in: size)
        context.fill(.circle(center: vehicle, radius: 13), color: .white)
        context.fill(.circle(center: vehicle, radius: 9), color: Color(hex: 0x0D47A1))

        if showsLabels, zoom >= 0.5 {
            let font = Font(size: 13)
            let labelColor = colors.streetName
            for (name, world) in [
                ("Main St", Point(x: 20, y: -212)), ("5th Ave", Point(x: 510, y: -380)),
                ("River Rd", Point(x: -300, y: 180)),
            ] {
                let p = camera.viewPoint(world, in: size)
                context.drawText(
                    name, in: Rect(x: p.x, y: p.y - 20, width: 120, height: 20), font: font, color: labelColor,
                    wraps: false)
            }
        }
    }
}

/// The map's colours by day and by night: at night the land goes dark and the streets dim, so a projected map does
/// not light up the cabin; the route, pins and vehicle keep their colours, they are what the driver looks for.
private struct MapColors {
    var land: Color
    var park: Color
    var water: Color
    var street: Color
    var avenue: Color
    var route: Color
    var streetName: Color

    static let day = MapColors(
        land: Color(hex: 0xECE6D6), park: Color(hex: 0xB9D9A0), water: Color(hex: 0x9CC7E8), street: .white,
        avenue: Color(hex: 0xF6D67A), route: Color(hex: 0x1565C0), streetName: Color(hex: 0x5D5446))
    static let night = MapColors(
        land: Color(hex: 0x1A1F24), park: Color(hex: 0x1F3326), water: Color(hex: 0x1B2E45),
        street: Color(hex: 0x3A444D), avenue: Color(hex: 0x7A6A3A), route: Color(hex: 0x42A5F5),
        streetName: Color(hex: 0x8A97A3))

    static func `for`(_ appearance: Appearance) -> MapColors { appearance == .day ? day : night }
}
