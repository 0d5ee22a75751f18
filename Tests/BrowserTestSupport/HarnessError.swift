/// A test harness failure that says what was expected and what was last seen.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Runs `body`, or fails after `seconds`, so a stuck browser cannot hang the suite.
///
/// ```swift
/// let title = try await withDeadline(seconds: 120) { try await chromium.withPage(url) { … } }
/// ```
public func withDeadline<T: Sendable>(seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws
    -> T
{
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw HarnessError("gave up after \(seconds) s")
        }
        return value
    }
}
