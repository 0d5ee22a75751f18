package import SDLProjection

/// What `carwindow demo` and `carwindow project` do with a run's events while it runs: each is written to the
/// `--events` log, the `state:` and `screen:` lines follow it (``ProjectionStateLines``), an error of one part of
/// the run is said as `error (PART): ...`, and the command's own handler sees the event last.
///
/// ```swift
/// await RunReport.follow(await projection.events(), of: projection, log: log, say: say) { event in
///     if case .hapticRects(let count) = event { say("haptic rects sent: \(count)") }
/// }
/// ```
package enum RunReport {
    /// Reads `events` until they end (the run's end, or the task's cancellation).
    package static func follow(
        _ events: AsyncStream<ProjectionEvent>, of projection: Projection, log: ProjectionEventLog,
        say: @escaping @Sendable (String) -> Void, handle: (ProjectionEvent) async -> Void = { _ in }
    ) async {
        var states = ProjectionStateLines(projection: projection)
        for await event in events {
            await log.write(event)
            for line in await states.lines(after: event) { say(line) }
            if case .error(let failure, let source?) = event { say("error (\(source.rawValue)): \(failure)") }
            await handle(event)
        }
    }
}
