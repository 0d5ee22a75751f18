import HeadUnitViewer
package import SDLProjection
import SDLSession
import SDLStreaming

/// The running part of `carwindow demo`, once its head unit and its app are made: the viewer around the run, the
/// connection, the run of the app's source until the time is up, an interrupt comes or the run fails, the viewer's
/// app-state control, the report of every event, then the ordered stop.
///
/// ```swift
/// let failure = await DemoRun.run(
///     projection: demo.projection, source: demo, headUnit: car, interrupts: Interrupt.watch(), duration: 30,
///     viewer: DemoHooks.viewer(port: 8080), log: log, say: say)
/// ```
package enum DemoRun {
    /// Runs until the end; returns the run's failure (the connection refused, the video never started, the head
    /// unit lost), `nil` for a clean end.
    package static func run(
        projection: Projection, source: some ProjectionSource, headUnit car: RunHeadUnit,
        interrupts: AsyncStream<Void>, duration: Double?, viewer hook: (any DemoViewerHook)?,
        log: ProjectionEventLog, say: @escaping @Sendable (String) -> Void
    ) async -> ProjectionFailure? {
        await hook?.demoWillStart(headUnit: car.emulator, projection: projection, say: say)
        let appStates = await hook?.appStateRequests()
        let failure: ProjectionFailure?
        do throws(ProjectionFailure) {
            let events = await projection.events()
            try await projection.connect()
            say("demo navigation app '\(projection.options.app.appName)' connected to \(car.transport)")
            say(duration.map { "running for \($0) s" } ?? "running; Ctrl-C stops")
            failure = await runUntilTheEnd(
                projection: projection, source: source, interrupts: interrupts, duration: duration,
                appStates: appStates, say: say
            ) {
                await RunReport.follow(events, of: projection, log: log, say: say) { event in
                    if case .video(.started(let stream)) = event { say("video: \(stream)") }
                }
            }
        } catch {
            failure = error
        }
        await hook?.demoDidStop()
        await car.close(say: say)
        await log.close()
        return failure
    }

    /// Runs `source` on `projection` until the time is up, an interrupt comes or the run fails.
    private static func runUntilTheEnd(
        projection: Projection, source: some ProjectionSource, interrupts: AsyncStream<Void>, duration: Double?,
        appStates: AsyncStream<ViewerAppState>?, say: @escaping @Sendable (String) -> Void,
        report: @escaping @Sendable () async -> Void
    ) async -> ProjectionFailure? {
        await withTaskGroup(of: ProjectionFailure?.self) { group in
            group.addTask {
                await report()
                return nil
            }
            if let appStates {
                // The page's "app state" control: the emulator cannot move a phone app, so the demo app does.
                group.addTask {
                    for await state in appStates {
                        await projection.setAppState(state == .foreground ? .active : .background)
                        say("app state: \(state.rawValue.lowercased())")
                    }
                    return nil
                }
            }
            group.addTask {
                await Interrupt.wait(for: interrupts, orSeconds: duration)
                // run(source:) below throws the run's failure: stop() has nothing to add.
                try? await projection.stop()
                return nil
            }
            var failure: ProjectionFailure?
            do throws(ProjectionFailure) {
                try await projection.run(source: source)
            } catch {
                failure = error
            }
            group.cancelAll()
            return failure
        }
    }
}
