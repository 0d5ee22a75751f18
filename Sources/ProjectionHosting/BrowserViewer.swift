import AppSideViewer
package import HeadUnit
package import HeadUnitViewer
package import SDLProjection
import SDLRPC
import SDLSession

/// The emulator's HMI in the browser (`HeadUnitViewer`), run for the length of `carwindow demo`.
///
/// The demo's stop shuts the server down gracefully and waits for it (``RunningViewerServer``).
package actor BrowserViewer: DemoViewerHook {
    package let port: Int
    private var server: RunningViewerServer?
    private var appStates: AsyncStream<ViewerAppState>?

    package init(port: Int) { self.port = port }

    package func demoWillStart(
        headUnit: HeadUnitEmulator?, projection: Projection, say: @escaping @Sendable (String) -> Void
    ) async {
        if let headUnit {
            let backend = HeadUnitBackend(headUnit: headUnit)
            appStates = backend.appStateRequests
            await serve(backend, say: say)
        } else {
            // With --core the car's screen is SDL Core's: show what the app sends instead, from whichever
            // connection is current (--reconnect brings a new session and video manager each time).
            let video = FollowingSentVideoSource(
                current: { projection.videoManager },
                changes: {
                    let events = await projection.events()
                    return AsyncStream(bufferingPolicy: .bufferingNewest(8)) { continuation in
                        let task = Task {
                            for await event in events {
                                if case .registered = event { continuation.yield() }
                            }
                            continuation.finish()
                        }
                        continuation.onTermination = { _ in task.cancel() }
                    }
                })
            let backend = AppSideViewerBackend(
                video: video, appName: projection.options.app.appName,
                hmiLevel: { await projection.session.hmiStatus?.hmiLevel })
            appStates = backend.appStateRequests
            await serve(backend, say: say)
            if server != nil { say("viewer: shows what the app sends to SDL Core (the HMI's controls are SDL Core's)") }
        }
    }

    /// Serves on `port`, or on a free port when that one cannot be bound.
    ///
    /// The viewer only watches the projection: a port some other program holds (a second demo, a web server on
    /// 8080) must not end a projection into a real car or the emulator. It says which port it took instead;
    /// when no port can be bound at all it says so and the run goes on without a viewer.
    private func serve(_ backend: some ViewerBackend, say: @escaping @Sendable (String) -> Void) async {
        let server: RunningViewerServer
        do {
            server = try await RunningViewerServer.start(backend, port: port)
        } catch  where port != 0 {
            say("viewer: port \(port) cannot be used (\(error)); serving on a free port instead")
            do {
                server = try await RunningViewerServer.start(backend, port: 0)
            } catch {
                say("viewer: not started, the run goes on without it: \(error)")
                return
            }
        } catch {
            say("viewer: not started, the run goes on without it: \(error)")
            return
        }
        self.server = server
        say("viewer: http://127.0.0.1:\(server.port)")
    }

    package func appStateRequests() -> AsyncStream<ViewerAppState>? { appStates }

    package func demoDidStop() async {
        await server?.stop()
        server = nil
    }
}
