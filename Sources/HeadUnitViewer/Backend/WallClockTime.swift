#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A wall-clock instant in milliseconds since the Unix epoch.
///
/// The page compares it with `performance.timeOrigin + performance.now()`, which is also wall-clock based, so the
/// server and the page must run on the same machine (the viewer binds 127.0.0.1) for the difference to mean latency.
///
/// ```swift
/// let arrived = WallClockTime.now
/// ```
public struct WallClockTime: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z, with sub-millisecond precision.
    public var millisecondsSince1970: Double

    /// Creates an instant.
    public init(millisecondsSince1970: Double) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The current time from `CLOCK_REALTIME`.
    public static var now: WallClockTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return WallClockTime(millisecondsSince1970: Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1_000_000)
    }

    public static func < (lhs: WallClockTime, rhs: WallClockTime) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}
