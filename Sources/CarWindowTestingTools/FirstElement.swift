/// Reads `stream` until an element satisfies `matches`, for at most `timeout`: the way a test awaits a state
/// (a manager's `statuses()`, a session's states) instead of polling it.
///
/// The timeout is a deadline, not a synchronisation: the wait ends as soon as a matching element arrives.
///
/// ```swift
/// await manager.stop()
/// let stopped = try await firstElement(of: await manager.statuses(), "the manager stopping", within: .seconds(20)) {
///     $0.state == .stopped
/// }
/// ```
///
/// - Returns: the first matching element.
/// - Throws: ``CarWindowTestingError`` `.timeout` when none came within `timeout` or the stream ended first, with
///   the last element seen; `.cancelled` when the waiting task was cancelled first.
@discardableResult
public func firstElement<Element: Sendable>(
    of stream: AsyncStream<Element>,
    _ what: String,
    within timeout: Duration,
    where matches: @escaping @Sendable (Element) async -> Bool
) async throws(CarWindowTestingError) -> Element {
    let (matched, ended, timedOut) = await withTaskGroup(of: FirstElementOutcome<Element>.self) { group in
        group.addTask {
            var last: Element?
            for await element in stream {
                if await matches(element) { return .matched(element) }
                last = element
            }
            // The stream ended, or the deadline cancelled this reader.
            return .ended(lastSeen: last)
        }
        group.addTask {
            do { try await Task.sleep(for: timeout) } catch { return .deadlineCancelled }
            return .timedOut
        }
        var outcomes: [FirstElementOutcome<Element>] = []
        if let first = await group.next() { outcomes.append(first) }
        group.cancelAll()
        while let next = await group.next() { outcomes.append(next) }
        var result: (Element?, Element?, Bool) = (nil, nil, false)
        for outcome in outcomes {
            switch outcome {
            case .matched(let element): result.0 = result.0 ?? element
            case .ended(let last): result.1 = last
            case .timedOut: result.2 = true
            case .deadlineCancelled: break
            }
        }
        return result
    }
    if let matched { return matched }
    if Task.isCancelled {
        throw CarWindowTestingError(.cancelled, "\(what): the waiting task was cancelled")
    }
    let last = ended.map { "\($0)" } ?? "nothing"
    let why = timedOut ? "nothing matched within \(timeout)" : "the stream ended first"
    throw CarWindowTestingError(.timeout, "\(what): \(why); last seen: \(last)")
}

/// What each side of ``firstElement(of:_:within:where:)`` ended with.
private enum FirstElementOutcome<Element: Sendable>: Sendable {
    case matched(Element)
    case ended(lastSeen: Element?)
    case timedOut
    case deadlineCancelled
}
