package import CarWindow
import CarWindowX11
import Foundation
package import SDLProjection

/// The running part of `carwindow project`, once its program, its head unit and its projection are made: starts the
/// projection on the program's window, reports what happens and waits for the end (the command exits, Ctrl-C or
/// SIGTERM, --duration, the X server goes away, or the run fails: a lost head unit is an error here as on every path),
/// then stops everything in order.
///
/// ```swift
/// let status = await ProjectRun.run(
///     application: application, source: windowSource, projection: projection, headUnit: car, name: "xcalc",
///     interrupts: Interrupt.watch(), duration: 10, viewer: nil, console: false, writer: log, say: say, fail: fail)
/// ```
package enum ProjectRun {
    /// Runs until the end and returns the exit status the command should end with: the program's when it exited,
    /// else 0; 1 when the screen vanished, the run failed or it streamed nothing.
    package static func run(
        application: ProjectedApplication, source: WindowSource, projection: Projection, headUnit car: RunHeadUnit,
        name: String, interrupts: AsyncStream<Void>, duration: Double?, viewer hook: (any DemoViewerHook)?,
        console: Bool, writer: ProjectionEventLog, say: @escaping @Sendable (String) -> Void,
        fail: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        let headUnit = car.emulator
        let consoleTask = console ? headUnit.map { HeadUnitConsole.start(on: $0, say: say) } : nil
        var status: Int32 = 0
        var writing: Task<Void, Never>?
        do {
            await hook?.demoWillStart(headUnit: headUnit, projection: projection, say: say)
            try await projection.start(source: source)
            let until = duration.map { "running for \($0) s" } ?? "Ctrl-C stops"
            say("'\(name)' connected to \(car.transport); \(until)")
            (status, writing) = await wait(
                application: application, projection: projection, interrupts: interrupts, duration: duration,
                writer: writer, say: say, fail: fail)
        } catch {
            fail("\(error)")
            status = 1
        }
        do {
            try await projection.stop()
        } catch  where error.kind == .nothingStreamed {
            // The program's own failing status stays; a clean end that streamed nothing is not clean.
            fail(error.message)
            if status == 0 { status = 1 }
        } catch {
            say("stopping the projection: \(error)")
        }
        await writing?.value
        consoleTask?.cancel()
        await application.stop()
        await hook?.demoDidStop()
        await car.close(say: say)
        await writer.close()
        say("projection stopped")
        return status
    }

    /// Returns the exit status the command should end with (the application's when it exited, else 0; 1 when the
    /// X server vanished or the run failed), and the task writing the run's events: it goes on until the run's events
    /// end, so what the run says while it stops (a `nothingStreamed` error) is written too. Await it after
    /// `projection.stop()`.
    static func wait(
        application: ProjectedApplication, projection: Projection, interrupts: AsyncStream<Void>,
        duration: Double?, writer: ProjectionEventLog, say: @escaping @Sendable (String) -> Void,
        fail: @escaping @Sendable (String) -> Void
    ) async -> (status: Int32, writing: Task<Void, Never>) {
        let run = await projection.events()
        let (failures, failure) = AsyncStream<String>.makeStream()
        // The run's events in the one --events schema; the run's own failure ends the projection.
        let writing = Task {
            await RunReport.follow(run, of: projection, log: writer, say: say) { event in
                switch event {
                case .hapticRects(let count): say("haptic rects sent: \(count)")
                case .appearance(let appearance): application.setAppearance(appearance)
                case .error(let error, nil): failure.yield(error.message)
                default: break
                }
            }
            failure.finish()
        }
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                for await message in failures {
                    fail(message)
                    return 1
                }
                return nil
            }
            group.addTask {
                await Interrupt.wait(for: interrupts, orSeconds: duration)
                return 0
            }
            if application.child != nil {
                group.addTask {
                    // Polled: a wait on the child could not be cancelled when the projection ends first.
                    var termination = application.child?.termination
                    while termination == nil {
                        try? await Task.sleep(for: .milliseconds(100))
                        if Task.isCancelled { return nil }
                        termination = application.child?.termination
                    }
                    guard let ended = termination else { return nil }
                    if case .exited(0) = ended {
                        say("\(application.child?.name ?? "the command") exited")
                    } else {
                        fail("\(application.child?.name ?? "the command") \(ended)")
                    }
                    return ended.shellStatus
                }
            }
            group.addTask {
                // The X server or the compositor is the screen: without it there is nothing to project.
                while application.isScreenRunning {
                    try? await Task.sleep(for: .milliseconds(200))
                    if Task.isCancelled { return nil }
                }
                fail("the \(application.screenName) exited")
                return 1
            }
            var status: Int32 = 0
            while let result = await group.next() {
                if let result {
                    status = result
                    break
                }
            }
            group.cancelAll()
            return status
        }
        return (status, writing)
    }
}
