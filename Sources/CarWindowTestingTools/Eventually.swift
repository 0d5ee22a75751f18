/// Whether `condition` holds now or comes to hold within `timeout`, checked again each time `changes` says something
/// changed: the way a test waits for a state it can only look at (pixels on an X server, a file a program writes, a
/// window's size) when something else signals each time that state may have moved.
///
/// Nothing is sampled on a timer: the condition is checked once at the start, once per element of `changes`, and once
/// more when the wait ends. The timeout is a deadline raced against the changes, as in
/// ``firstElement(of:_:within:where:)``; the wait ends as soon as the condition holds. When `changes` ends first
/// (the thing signalling stopped), nothing can change any more, so the wait ends then too.
///
/// Pick a change stream that follows every change the condition can see: a program redraws when it writes its file,
/// so its captures (or the emulator's frames of them) follow the write.
///
/// ```swift
/// let redrawn = await eventually(within: .seconds(10), recheckingOn: application.captureCounts()) {
///     pixels(application, in: area) != before
/// }
/// #expect(redrawn, "the button did not redraw")
/// ```
///
/// - Parameters:
///   - timeout: how long to wait at most; it bounds a failure, not the usual case.
///   - changes: a stream with an element after each change that might make `condition` true. Elements are only
///     wake-ups; their values are not looked at.
///   - condition: checked on the caller's actor, never concurrently with itself.
/// - Returns: whether `condition` held before the deadline (or once the changes ended).
public func eventually<Changes: AsyncSequence & Sendable>(
    within timeout: Duration,
    recheckingOn changes: Changes,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool where Changes.Element: Sendable {
    if try await condition() { return true }
    // One wake-up at most is pending: a burst of changes needs only one more check. The deadline finishes the
    // wake-ups, which ends the loop below with the last check.
    let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let forward = Task {
        do {
            for try await _ in changes { wake.yield() }
        } catch {
            // A change stream that failed signals nothing more: the same as one that ended.
        }
        wake.finish()
    }
    let deadline = Task {
        try? await Task.sleep(for: timeout)
        wake.finish()
    }
    defer {
        forward.cancel()
        deadline.cancel()
        wake.finish()
    }
    for await _ in wakeUps {
        if try await condition() { return true }
    }
    return try await condition()
}
