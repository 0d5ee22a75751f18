#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an animated value moves over time: a duration and a timing curve.
///
/// ```swift
/// window.animate(Animation(duration: .milliseconds(300), curve: .easeInOut)) { card.alpha = 0 }
/// window.animate(.spring(response: .milliseconds(400), dampingRatio: 0.6)) { card.frame.origin.y = 0 }
/// ```
public struct Animation: Hashable, Sendable {
    /// The shape of the progress over time.
    public enum Curve: Hashable, Sendable {
        case linear
        case easeIn
        case easeOut
        case easeInOut
        /// A damped spring reaching the target after the duration; `dampingRatio` below 1 overshoots.
        case spring(dampingRatio: Double)
    }

    /// How long the animation runs; zero applies the change on the next frame tick.
    public var duration: Duration
    public var curve: Curve

    public init(duration: Duration, curve: Curve = .easeInOut) {
        self.duration = max(.zero, duration)
        self.curve = curve
    }

    /// 250 ms ease-in-out, the default for small changes.
    public static let `default` = Animation(duration: .milliseconds(250))

    /// A spring that settles in about `response`.
    public static func spring(response: Duration, dampingRatio: Double = 0.7) -> Animation {
        Animation(duration: response, curve: .spring(dampingRatio: dampingRatio))
    }

    /// The progress at `time` (0 at the start, 1 at `duration` and after).
    public func progress(at time: Duration) -> Double {
        guard duration > .zero else { return 1 }
        let t = min(1, max(0, time / duration))
        return curve.value(at: t)
    }
}

extension Animation.Curve {
    /// The curve's value at normalised time `t` in 0...1; exactly 0 at 0 and 1 at 1.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        switch self {
        case .linear:
            return t
        case .easeIn:
            return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        case .spring(let dampingRatio):
            return Self.spring(t, dampingRatio: dampingRatio)
        }
    }

    private func pow3(_ x: Double) -> Double { x * x * x }

    /// A unit step response of a damped harmonic oscillator, scaled so it has settled (to within 0.1%) at t = 1
    /// and then snapped to exactly 1 there, so the animation ends on its target.
    private static func spring(_ t: Double, dampingRatio: Double) -> Double {
        let zeta = min(max(dampingRatio, 0.05), 1)
        // ln(1000) ≈ 6.9: e^(-zeta * omega * 1) = 0.001 at the end.
        let omega = 6.9 / zeta
        let decay = exp(-zeta * omega * t)
        if zeta >= 1 {
            return 1 - decay * (1 + omega * t)
        }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - decay * (cos(damped * t) + zeta / (1 - zeta * zeta).squareRoot() * sin(damped * t))
    }
}
