/// A value an animation can move between two states: numbers, points, sizes, rects and colours.
///
/// ```swift
/// let halfway = Color.black.interpolated(to: .white, fraction: 0.5)   // mid grey
/// ```
public protocol Animatable: Equatable, Sendable {
    /// The value `fraction` of the way from `self` to `target`; a spring may pass fractions outside 0...1.
    func interpolated(to target: Self, fraction: Double) -> Self
}

extension Double: Animatable {
    public func interpolated(to target: Double, fraction: Double) -> Double { self + (target - self) * fraction }
}

extension Point: Animatable {
    public func interpolated(to target: Point, fraction: Double) -> Point {
        Point(x: x.interpolated(to: target.x, fraction: fraction), y: y.interpolated(to: target.y, fraction: fraction))
    }
}

extension Size: Animatable {
    public func interpolated(to target: Size, fraction: Double) -> Size {
        Size(
            width: width.interpolated(to: target.width, fraction: fraction),
            height: height.interpolated(to: target.height, fraction: fraction))
    }
}

extension Rect: Animatable {
    public func interpolated(to target: Rect, fraction: Double) -> Rect {
        Rect(
            origin: origin.interpolated(to: target.origin, fraction: fraction),
            size: size.interpolated(to: target.size, fraction: fraction))
    }
}

extension Color: Animatable {
    public func interpolated(to target: Color, fraction: Double) -> Color {
        // A spring overshoots; channels stay in range so Cairo never sees a negative colour.
        func mix(_ a: Double, _ b: Double) -> Double { min(1, max(0, a.interpolated(to: b, fraction: fraction))) }
        return Color(
            red: mix(red, target.red), green: mix(green, target.green), blue: mix(blue, target.blue),
            alpha: mix(alpha, target.alpha))
    }
}
