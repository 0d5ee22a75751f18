import Foundation

/// How a projection tries to reach the head unit again after the transport is lost: exponential backoff with
/// jitter, bounded in delay and (optionally) in attempts.
///
/// Attempt `n` (from 1) waits `min(initialDelay × multiplier^(n-1), maximumDelay)`, then moves that by up to
/// ±`jitter` of itself at random, so many apps losing one head unit at once do not all knock at the same instant.
/// The math is a pure value: ``delay(forAttempt:random:)`` takes the random number, so a test pins it.
///
/// ```swift
/// var options = ProjectionOptions(app: AppConfiguration(appName: "Maps", appID: "swiftsdl-nav"))
/// options.disconnectPolicy = .reconnect(ReconnectPolicy())          // 0.5 s, 1 s, 2 s ... 10 s, 10 attempts
/// options.disconnectPolicy = .reconnect(ReconnectPolicy(initialDelay: .seconds(1), maximumAttempts: nil))
/// ```
public struct ReconnectPolicy: Sendable, Hashable {
    /// The delay before the first attempt.
    public var initialDelay: Duration
    /// Each attempt waits this many times the one before (at least 1).
    public var multiplier: Double
    /// No attempt waits longer than this (before jitter).
    public var maximumDelay: Duration
    /// The fraction (0...1) by which a delay is moved at random either way: 0.2 turns 1 s into 0.8...1.2 s.
    public var jitter: Double
    /// How many attempts in a row before the run gives up with ``ProjectionFailure/Kind/gaveUp``; `nil` tries
    /// forever. A connection that registers again starts the count afresh.
    public var maximumAttempts: Int?

    /// - Parameters:
    ///   - initialDelay: the wait before the first attempt; 0.5 s by default.
    ///   - multiplier: the growth from one attempt to the next; 2 by default.
    ///   - maximumDelay: the longest wait; 10 s by default.
    ///   - jitter: the random spread, a fraction of the delay; 0.2 by default.
    ///   - maximumAttempts: attempts before giving up, `nil` for no bound; 10 by default.
    public init(
        initialDelay: Duration = .milliseconds(500), multiplier: Double = 2, maximumDelay: Duration = .seconds(10),
        jitter: Double = 0.2, maximumAttempts: Int? = 10
    ) {
        self.initialDelay = max(initialDelay, .zero)
        self.multiplier = multiplier.isFinite ? max(multiplier, 1) : 1
        self.maximumDelay = max(maximumDelay, self.initialDelay)
        self.jitter = jitter.isFinite ? min(max(jitter, 0), 1) : 0
        self.maximumAttempts = maximumAttempts.map { max($0, 1) }
    }

    /// Whether attempt `attempt` (from 1) may still be made.
    public func allows(attempt: Int) -> Bool {
        guard let maximumAttempts else { return true }
        return attempt <= maximumAttempts
    }

    /// The wait before attempt `attempt` (from 1), with `random` in 0...1 choosing the jitter (0.5: none).
    ///
    /// ```swift
    /// ReconnectPolicy(jitter: 0).delay(forAttempt: 3, random: 0.5)   // 2 s: 0.5 s × 2 × 2
    /// ```
    public func delay(forAttempt attempt: Int, random: Double) -> Duration {
        let initial = Self.seconds(initialDelay)
        let ceiling = Self.seconds(maximumDelay)
        // Past ~1000 doublings the power is infinite; the ceiling holds long before that.
        let exponent = Double(min(max(attempt, 1) - 1, 1000))
        let grown = initial * pow(multiplier, exponent)
        let base = grown.isFinite ? min(grown, ceiling) : ceiling
        let unit = random.isFinite ? min(max(random, 0), 1) : 0.5
        let spread = base * jitter * (unit * 2 - 1)
        return .nanoseconds(Int64((max(base + spread, 0) * 1e9).rounded()))
    }

    /// The wait before attempt `attempt`, with the system's random numbers.
    public func delay(forAttempt attempt: Int) -> Duration {
        delay(forAttempt: attempt, random: Double.random(in: 0...1))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
