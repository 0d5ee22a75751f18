import CarWindow
import CarWindowX11
import Dispatch
import Foundation

/// The running part of `carwindow project`: reports what happens and waits for the end (the command exits, Ctrl-C,
/// --duration, or the X server goes away).
enum ProjectRun {
    /// Returns the exit status the command should end with: the application's when it exited, else 0 (1 when the
    /// X server vanished).
    static func wait(
        application: X11Application, projection: CarWindowProjection, interrupts: AsyncStream<Void>,
        duration: Double?, writer: DemoEventWriter?, say: @escaping @Sendable (String) -> Void,
        fail: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        let terminations = Self.watchTerminate()
        let events = await projection.events()
        let gestures = await projection.window.gestures
        return await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                for await event in events {
                    switch event {
                    case .stateChanged(let state): say("state: \(state)")
                    case .capabilitiesChanged(let caps):
                        let size = caps.viewportSize
                        say("screen: \(Int(size.width))x\(Int(size.height)) at scale \(caps.scale)")
                    case .touch(let touch): await writer?.write(touch: touch)
                    case .hapticRectsSent(let count):
                        say("haptic rects sent: \(count)")
                        await writer?.write("hapticRects", ["count": count])
                    case .error(let error):
                        say("error: \(error)")
                        await writer?.write("error", ["message": "\(error)"])
                    }
                }
                return nil
            }
            group.addTask {
                for await gesture in gestures { await writer?.write(gesture: gesture) }
                return nil
            }
            group.addTask {
                await Interrupt.wait(for: interrupts, orSeconds: duration)
                return 0
            }
            group.addTask {
                // `timeout`, `kill` and service managers send SIGTERM: end as cleanly as on Ctrl-C.
                for await _ in terminations { break }
                return Task.isCancelled ? nil : 0
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
                // The X server is the screen: without it there is nothing to project.
                while application.isDisplayRunning {
                    try? await Task.sleep(for: .milliseconds(200))
                    if Task.isCancelled { return nil }
                }
                fail("the X server \(application.displayName) exited")
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
    }

    /// SIGTERM as a stream, like ``Interrupt/watch()`` for SIGINT.
    static func watchTerminate() -> AsyncStream<Void> {
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = DispatchSource.makeSignalSource(signal: SIGTERM)
        source.setEventHandler {
            withExtendedLifetime(source) { _ = continuation.yield() }
        }
        source.resume()
        return stream
    }
}
