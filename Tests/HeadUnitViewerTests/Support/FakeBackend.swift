import HeadUnitViewer
import NIOConcurrencyHelpers

/// A head unit for tests: video and events are pushed by the test, commands are recorded and can be awaited.
final class FakeBackend: ViewerBackend {
    let video: AsyncStream<ViewerAccessUnit>
    let videoContinuation: AsyncStream<ViewerAccessUnit>.Continuation
    let events: AsyncStream<ViewerEvent>
    let eventContinuation: AsyncStream<ViewerEvent>.Continuation
    /// Every command, in arrival order, for `for await`.
    let commands: AsyncStream<ViewerCommand>
    private let commandContinuation: AsyncStream<ViewerCommand>.Continuation
    private let state: NIOLockedValueBox<ViewerState>

    init(state: ViewerState = ViewerState(screen: .wvga, format: .h264RAW, isStreaming: true)) {
        // Buffered generously: the test may push before the server subscribes.
        (video, videoContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        (events, eventContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        (commands, commandContinuation) = AsyncStream.makeStream()
        self.state = NIOLockedValueBox(state)
    }

    func videoStream() -> AsyncStream<ViewerAccessUnit> { video }
    func eventStream() -> AsyncStream<ViewerEvent> { events }
    func snapshot() async -> ViewerState { state.withLockedValue { $0 } }

    func perform(_ command: ViewerCommand) async throws(ViewerError) {
        commandContinuation.yield(command)
        switch command {
        case .resize(let screen): state.withLockedValue { $0.screen = screen }
        case .setHMILevel(let level): state.withLockedValue { $0.hmiLevel = level }
        case .setAppState(let appState): state.withLockedValue { $0.appState = appState }
        case .rejectFormat(let format):
            if format.codec == "VP8" { throw ViewerError(.backendFailed, "no such format \(format)") }
            state.withLockedValue { $0.rejectedFormats.append(format) }
        case .allowFormat(let format):
            state.withLockedValue { $0.rejectedFormats.removeAll { $0 == format } }
        case .selectApp(let app): state.withLockedValue { $0.projectingApp = app }
        case .dropConnection, .touch, .setDriverDistraction, .setAmbientLight, .typeOnKeyboard, .backspaceOnKeyboard,
            .closeKeyboard, .setLinkKbps, .pressButton, .turnKnob, .activateCloudApp:
            break
        }
    }
}
