/// What the viewer needs from a head unit: live video, events, a snapshot of the state, and a way to act.
///
/// The emulator implements it through a thin adapter; tests implement it with a fake. The server subscribes to each
/// stream once, when it starts, and fans out to every browser itself, so a backend never sees how many browsers
/// watch.
///
/// ``HeadUnitBackend`` is the adapter for CarWindow's emulator; a test can use plain `AsyncStream`s:
///
/// ```swift
/// struct StubBackend: ViewerBackend {
///     let video: AsyncStream<ViewerAccessUnit>
///     let events: AsyncStream<ViewerEvent>
///     func videoStream() async -> AsyncStream<ViewerAccessUnit> { video }
///     func eventStream() async -> AsyncStream<ViewerEvent> { events }
///     func snapshot() async -> ViewerState { ViewerState(screen: .wvga) }
///     func perform(_ command: ViewerCommand) async throws(ViewerError) {}
/// }
/// let server = ViewerServer(backend: StubBackend(video: video, events: events), configuration: .init(port: 8080))
/// ```
public protocol ViewerBackend: Sendable {
    /// The sequence of access units; it ends when the head unit stops.
    associatedtype VideoUnits: AsyncSequence & Sendable where VideoUnits.Element == ViewerAccessUnit
    /// The sequence of events; it ends when the head unit stops.
    associatedtype Events: AsyncSequence & Sendable where Events.Element == ViewerEvent

    /// A new subscription to the access units the head unit receives, in decode order.
    ///
    /// The sequence should buffer little (`.bufferingNewest`): the server keeps up or drops for slow browsers itself.
    func videoStream() async -> VideoUnits

    /// A new subscription to the events the page logs (HMI changes, video starts and stops, haptics...).
    ///
    /// The server adds the events a command itself causes (touches sent, app state asked for, format refused), so a
    /// backend reports only what happens on the head unit.
    func eventStream() async -> Events

    /// The head unit's state now: apps, HMI level, screen, format, haptic rects.
    func snapshot() async -> ViewerState

    /// Carries out a command from a browser.
    /// - Throws: ``ViewerError`` with kind `.backendFailed` when the head unit refuses or cannot do it.
    func perform(_ command: ViewerCommand) async throws(ViewerError)
}
