import CarWindowTesting
import HeadUnit
import Logging
import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import Testing

/// A head unit that floods the app with touches (issue #30: 100,000 in a few seconds lost most of them and starved
/// the video): the moves reach the source folded, none is lost, the last position is exact, the video goes on.
@Suite("A touch flood", .timeLimit(.minutes(5)))
struct TouchFloodTests {
    final class Grey: FrameProducer {
        func nextFrame(index: Int, size: ImageResolution) throws(ProjectionFailure) -> VideoFrame? {
            do {
                return try VideoFrame(
                    buffer: PixelMemory(byteCount: size.width * size.height * 4), format: .bgra, width: size.width,
                    height: size.height, presentationTime: .milliseconds(33 * index))
            } catch {
                throw ProjectionFailure(.sourceFailed, "\(error)")
            }
        }
    }

    /// What the source got: the head unit's moves (a folded MOVE counts every notification in it), the last
    /// position, and the END that closes the pan.
    actor Received {
        private(set) var moves = 0
        private(set) var moveItems = 0
        private(set) var last: Point?
        private var ended: CheckedContinuation<Void, Never>?
        private var hasEnded = false

        func add(_ touch: ProjectionTouch) {
            switch touch.type {
            case .move:
                moves += 1 + touch.coalesced
                moveItems += 1
                last = touch.fingers.first?.path.last
            case .end:
                last = touch.fingers.first?.path.last
                hasEnded = true
                ended?.resume()
                ended = nil
            default: break
            }
        }

        func waitForEnd() async {
            guard !hasEnded else { return }
            await withCheckedContinuation { ended = $0 }
        }
    }

    struct FloodSource: ProjectionSource {
        let frames = PacedFrameSource(name: "grey") { Grey() }
        let received: Received

        func run(in context: ProjectionContext) async throws(ProjectionFailure) {
            try await frames.run(in: context)
        }

        func received(_ touch: ProjectionTouch) async {
            await received.add(touch)
        }
    }

    /// The pan's positions: distinct, so none is taken for Core's copy of the one before.
    static func position(_ step: Int) -> TouchCoord {
        TouchCoord(x: 100 + step % 600, y: 50 + step / 600)
    }

    static func event(_ type: TouchType, _ step: Int) -> OnTouchEvent {
        OnTouchEvent(type: type, event: [SDLRPC.TouchEvent(id: 0, ts: [step], c: [position(step)])])
    }

    @Test("2,000 moves of one pan: all reach the source, folded, with the exact last position; no touch dropped")
    func flood() async throws {
        let moves = 2_000
        try await EmulatorFixture.run { emulator in
            var app = AppConfiguration(appName: "Touch Flood", appID: "swiftsdl-nav")
            app.logger.logLevel = .critical
            let streaming = Projection(options: ProjectionOptions(app: app), transport: emulator.transport())
            let events = await streaming.events()
            let errors = Task {
                var touchErrors: [String] = []
                var eventsDropped = 0
                for await event in events {
                    switch event {
                    case .error(let failure, .touch?): touchErrors.append(failure.message)
                    case .eventsDropped(let count): eventsDropped += count
                    default: break
                    }
                }
                return (touchErrors, eventsDropped)
            }
            let received = Received()
            let run = Task { try await streaming.run(source: FloodSource(received: received)) }
            let appID = try await emulator.app()
            let before = try await emulator.firstFrame(of: appID)

            var flood = [Self.event(.begin, 0)]
            flood += (1...moves).map { Self.event(.move, $0) }
            flood.append(Self.event(.end, moves))
            let sent = try await emulator.headUnit.injectTouches(flood, to: appID)
            #expect(sent >= flood.count, "the emulator sent \(sent) notifications for \(flood.count) events")
            await received.waitForEnd()

            #expect(await received.moves == moves, "every move reached the source, alone or folded")
            let last = Self.position(moves)
            #expect(await received.last == Point(x: Double(last.x), y: Double(last.y)))
            // The video was not starved: frames still come after the flood.
            let after = try await emulator.nextFrame(after: before, timeout: .seconds(30))
            #expect(after.index > before.index)

            try await streaming.stop()
            _ = try? await run.value
            let (touchErrors, eventsDropped) = await errors.value
            #expect(touchErrors.isEmpty, "\(touchErrors.prefix(3))")
            // Folded moves are fewer lines than notifications, and the log says so; it is not a reader's loss.
            print(
                "flood: \(moves) moves reached the source as \(await received.moveItems) MOVE touches, "
                    + "\(eventsDropped) events lost by a slow reader")
        }
    }
}
