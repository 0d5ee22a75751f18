/// The driver's "no capability" decision: whether a video capability arrived, or the wait for one ran out first on
/// the injected clock. Exactly one of the two wins.
///
/// ```swift
/// let wait = CapabilityWait<ManualClock>()
/// async let none = wait.noneArrived(within: .seconds(2), on: clock)
/// clock.advance(by: .seconds(2))
/// if await none { await manager.capabilityUpdated(nil) }
/// ```
actor CapabilityWait<C: Clock> where C.Duration == Duration {
    private var settled = false

    /// A capability arrived: a wait running out later decides nothing.
    func capabilityArrived() { settled = true }

    /// Waits `wait` on `clock`; true when no capability arrived meanwhile (the head unit has none). A cancelled
    /// wait decides nothing.
    func noneArrived(within wait: Duration, on clock: C) async -> Bool {
        do {
            try await clock.sleep(for: wait)
        } catch {
            return false
        }
        defer { settled = true }
        return !settled
    }
}
