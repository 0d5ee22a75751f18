/// Checks `condition` every `interval` until it holds, at most `timeout`; returns whether it held. The one poll the
/// tests keep, for what happens outside this process and tells it nothing:
///
/// - a process that is not our child leaving /proc (a grandchild, an X server started by the code under test):
///   only its parent is told of its end; without a pidfd (Linux's handle on any process, which these helpers do not
///   open) nothing tells this process;
/// - a socket or lock file another process removes, which no signal announces either.
///
/// Everything else has a signal to await instead: ``eventually(within:recheckingOn:isolation:_:)`` with a change
/// stream, ``firstElement(of:_:within:where:)`` on a status stream, a child process's exit waiter.
///
/// ```swift
/// let gone = await pollOutsideTheProcess("Xvfb leaving /proc", within: .seconds(5)) { !processExists(xServer) }
/// #expect(gone, "Xvfb \(xServer) is still running")
/// ```
///
/// - Parameters:
///   - what: what is awaited, for the reader of the test (the caller words its own failure message).
///   - interval: the pause between checks; 50 ms by default, short next to the deadlines these waits have.
public func pollOutsideTheProcess(
    _ what: String, within timeout: Duration, every interval: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        if try await condition() { return true }
        // The poll itself: nothing signals this change (see above). A cancelled task stops waiting.
        do { try await clock.sleep(for: min(interval, clock.now.duration(to: deadline))) } catch { break }
    }
    return try await condition()
}
