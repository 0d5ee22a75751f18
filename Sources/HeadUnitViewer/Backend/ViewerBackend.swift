/// What the viewer needs from a head unit: live video, events, a snapshot of the state, and a way to act.
///
/// The emulator implements it through a thin adapter; tests implement it with a fake. The server subscribes to each
/// stream once, when it starts, and fans out to every browser itself, so a backend never sees how many browsers
/// watch.
///
/// ```swift
/// struct EmulatorBackend: ViewerBackend {
///     let emulator: HeadUnit
///     func videoStream() -> AsyncStream<ViewerAccessUnit> { emulator.viewerVideo() }
///     func eventStream() -> AsyncStream<ViewerEvent> { emulator.viewerEvents() }
///     func snapshot() async -> ViewerState { await emulator.viewerState() }
///     func perform(_ command: ViewerCommand) async throws(ViewerError) { try await emulator.apply(command) }
/// }
/// let server = ViewerServer(backend: EmulatorBackend(emulator: emulator), configuration: .init(port: 8080))
/// ```
public protocol ViewerBackend: Sendable {
    /// A new subscription to the access units the head unit receives, in decode order.
    ///
    /// The sequence should buffer little (`.bufferingNewest`): the server keeps up or drops for slow browsers itself.
    func videoStream() -> AsyncStream<ViewerAccessUnit>

    /// A new subscription to the events the page logs (HMI changes, video starts and stops, touches, haptics...).
    func eventStream() -> AsyncStream<ViewerEvent>

    /// The head unit's state now: apps, HMI level, screen, format, haptic rects.
    func snapshot() async -> ViewerState

    /// Carries out a command from a browser.
    /// - Throws: ``ViewerError`` with kind `.backendFailed` when the head unit refuses or cannot do it.
    func perform(_ command: ViewerCommand) async throws(ViewerError)
}
