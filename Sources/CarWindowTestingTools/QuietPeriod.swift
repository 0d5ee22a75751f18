/// Waits until a value has stayed the same for `quiet`, at most `timeout`: a program that stopped drawing, a layout
/// that settled. `changes` wakes the wait on each change; `current` reads the value itself. Returns whether such a
/// quiet period came.
///
/// A quiet period has no signal of its own: the sleep here is the thing measured. It is not a sample on a timer:
/// each element of `changes` moves the end of the window, and the wait wakes only when a window could have ended.
/// There `current` is compared with the last element read, so a change whose element is not read yet (its reader
/// slowed by a busy machine) still restarts the window instead of passing for quiet.
///
/// ```swift
/// // The program's layout is done when a whole second passes without a capture.
/// let settled = await quietPeriod(
///     of: application.captureCounts(), lasting: .seconds(1), within: .seconds(20)
/// ) { application.captureCount }
/// try #require(settled, "the program kept drawing")
/// ```
///
/// - Parameters:
///   - changes: the value now and after each change (as `X11Application.captureCounts()` gives it). A stream that
///     ends is quiet from then on, as far as `current` agrees.
///   - quiet: how long the value must stay the same.
///   - timeout: how long to wait at most for such a window.
///   - current: the value now, read without waiting.
public func quietPeriod<Changes: AsyncSequence & Sendable>(
    of changes: Changes, lasting quiet: Duration, within timeout: Duration,
    current: @escaping @Sendable () -> Changes.Element
) async -> Bool where Changes.Element: Equatable & Sendable {
    let clock = ContinuousClock()
    let start = clock.now
    let lastChange = LastChange<Changes.Element>(time: start, value: current())
    let reader = Task {
        do {
            for try await value in changes { await lastChange.set(value, at: clock.now) }
        } catch {
            // A failed stream signals nothing more; `current` still tells a change apart.
        }
    }
    defer { reader.cancel() }
    let end = start.advanced(by: timeout)
    var windowEnd = start.advanced(by: quiet)
    while windowEnd <= end {
        // Not a synchronisation: the measured window itself.
        do { try await clock.sleep(until: windowEnd) } catch { return false }
        let (time, value) = await lastChange.latest
        let now = clock.now
        if value != current() {
            // Changed since the last element read: the window starts again from here.
            await lastChange.set(current(), at: now)
            windowEnd = now.advanced(by: quiet)
        } else if time.advanced(by: quiet) <= now {
            return true
        } else {
            windowEnd = time.advanced(by: quiet)
        }
    }
    return false
}

/// The last value read from the changes and when it came, written by the reader and read by the waiter.
private actor LastChange<Value: Equatable & Sendable> {
    private var time: ContinuousClock.Instant
    private var value: Value
    init(time: ContinuousClock.Instant, value: Value) {
        self.time = time
        self.value = value
    }

    var latest: (ContinuousClock.Instant, Value) { (time, value) }

    /// Records `value` at `time`; the same value again is no change (a stream's first element repeats the start).
    func set(_ value: Value, at time: ContinuousClock.Instant) {
        guard value != self.value else { return }
        self.value = value
        self.time = time
    }
}
