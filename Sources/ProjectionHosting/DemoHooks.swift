package import HeadUnit
package import HeadUnitViewer
package import SDLProjection

/// The browser viewer's place in `carwindow demo`: the demo calls it around its run, so it can serve the emulator's
/// video and print its URL.
package protocol DemoViewerHook: Sendable {
    /// Called once the emulator is listening (`headUnit` is `nil` with `--core`), before the app connects.
    /// `projection` is the demo app's, for showing what it sends when there is no emulator to show.
    func demoWillStart(
        headUnit: HeadUnitEmulator?, projection: Projection, say: @escaping @Sendable (String) -> Void
    ) async
    /// The app states the viewer's page asks for (the emulator cannot change a phone app's state), if any.
    func appStateRequests() async -> AsyncStream<ViewerAppState>?
    /// Called after the app stopped, before the emulator stops.
    func demoDidStop() async
}

/// The hooks `carwindow demo` runs.
package enum DemoHooks {
    /// The browser viewer on `port`, or none when `port` is `nil` (`--no-viewer`).
    package static func viewer(port: Int?) -> (any DemoViewerHook)? {
        port.map { BrowserViewer(port: $0) }
    }
}
