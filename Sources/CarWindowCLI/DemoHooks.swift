import HeadUnit

/// The browser viewer's place in `carwindow demo`: a viewer registers itself here (``DemoHooks/viewer``) and the
/// demo calls it around its run, so it can serve the emulator's video and print its URL.
///
/// ```swift
/// struct BrowserViewer: DemoViewerHook {
///     func demoWillStart(headUnit: HeadUnit?, say: @Sendable (String) -> Void) async throws {
///         let url = try await server.start(streaming: headUnit)
///         say("viewer: \(url)")
///     }
///     func demoDidStop() async { await server.stop() }
/// }
/// ```
protocol DemoViewerHook: Sendable {
    /// Called once the emulator is listening (`headUnit` is `nil` with `--core`), before the app connects.
    func demoWillStart(headUnit: HeadUnit?, say: @escaping @Sendable (String) -> Void) async throws
    /// Called after the app stopped, before the emulator stops.
    func demoDidStop() async
}

/// The hooks `carwindow demo` runs. No viewer yet: the `HeadUnitViewer` target fills this in.
enum DemoHooks {
    static var viewer: (any DemoViewerHook)? { nil }
}
