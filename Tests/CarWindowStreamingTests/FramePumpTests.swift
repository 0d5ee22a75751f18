import CarWindow
import CarWindowTestingTools
import SDLMedia
import SDLRPC
import Testing

/// A root whose only child is a 20x20 red square pinned to the top-right corner by `layoutSubviews`.
@CarWindowActor
final class CornerMarker: View {
    let marker = View()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(hex: 0x000000)
        marker.backgroundColor = Color(hex: 0xFF0000)
        addSubview(marker)
    }

    override func layoutSubviews() {
        marker.frame = Rect(x: bounds.width - 20, y: 0, width: 20, height: 20)
    }
}

@Suite("Frame pump")
@CarWindowActor
struct FramePumpTests {
    static let red: UInt32 = 0xFFFF_0000

    func makePump(
        width: Double = 800, height: Double = 480, frameRate: Int = 10, refresh: Duration? = .seconds(1),
        settle: [Duration] = []
    ) throws -> (FramePump, Label) {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: width, height: height)), clock: ManualClock())
        let label = Label(text: "static", textColor: .white)
        window.rootView = label
        let pump = FramePump(
            window: window,
            configuration: StreamingConfiguration(
                frameRate: frameRate, refreshInterval: refresh, settleRefreshes: settle))
        return (pump, label)
    }

    /// Ticks at `time` and, when a frame came out, finishes its submission at once.
    func tick(_ pump: FramePump, _ time: Duration) throws -> FramePump.Tick {
        let tick = try pump.tick(at: time)
        if tick.frame != nil { pump.submissionFinished(.accepted) }
        return tick
    }

    @Test("renders only when dirty, and sends the unchanged picture again once per refresh interval")
    func dirtyAndRefresh() throws {
        let (pump, label) = try makePump()
        // Frames are not kept, as a sink would not keep them: the pool can hand the same buffer back.
        let firstPixels = try #require(try tick(pump, .milliseconds(100)).frame).pixelRows
        var outcomes: [FramePump.Outcome] = []
        for step in 2...10 { outcomes.append(try tick(pump, .milliseconds(100 * step)).outcome) }
        #expect(outcomes == Array(repeating: .idle, count: 9))

        do {
            let refresh = try tick(pump, .milliseconds(1100))
            #expect(refresh.outcome == .refreshed)
            #expect(refresh.frame?.presentationTime == .milliseconds(1100))
            #expect(refresh.frame?.pixelRows == firstPixels)
        }
        label.text = "changed"
        do {
            let changed = try tick(pump, .milliseconds(1200))
            #expect(changed.outcome == .rendered)
            #expect(try #require(changed.frame).pixelRows != firstPixels)
        }
        // One buffer served every frame: the refresh re-sent the pixels already there.
        #expect(pump.renderer.pool?.statistics.allocations == 1)
        // The next refresh counts from the last frame sent.
        #expect(try tick(pump, .milliseconds(2100)).outcome == .idle)
        #expect(try tick(pump, .milliseconds(2200)).outcome == .refreshed)
        #expect(pump.statistics.framesRendered == 2)
        #expect(pump.statistics.refreshFrames == 2)
        #expect(pump.statistics.ticks == 14)
    }

    @Test("after a change the picture is sent again at each settle step, then at the refresh interval")
    func settleRefreshes() throws {
        let (pump, label) = try makePump(settle: [.milliseconds(100), .milliseconds(250), .milliseconds(500)])
        #expect(try tick(pump, .milliseconds(100)).outcome == .rendered)
        var outcomes: [FramePump.Outcome] = []
        for step in 2...17 { outcomes.append(try tick(pump, .milliseconds(100 * step)).outcome) }
        // 100, 250 (at the next tick, 300 ms after) and 500 ms after the change; then 1 s after the last frame.
        let expected: [FramePump.Outcome] =
            [.refreshed, .idle, .refreshed, .idle, .refreshed] + Array(repeating: .idle, count: 9) + [
                .refreshed, .idle,
            ]
        #expect(outcomes == expected)
        #expect(pump.statistics.refreshFrames == 4)

        // A change restarts the steps; a late tick with all three due sends one frame, not three.
        label.text = "changed"
        #expect(try tick(pump, .milliseconds(1800)).outcome == .rendered)
        #expect(try tick(pump, .milliseconds(2400)).outcome == .refreshed)
        #expect(try tick(pump, .milliseconds(2500)).outcome == .idle)
        #expect(try tick(pump, .milliseconds(2600)).outcome == .idle)
        #expect(try tick(pump, .milliseconds(3400)).outcome == .refreshed)
    }

    @Test("with refresh frames off a static screen sends nothing after its first frame")
    func refreshOff() throws {
        let (pump, _) = try makePump(refresh: nil)
        #expect(try tick(pump, .milliseconds(100)).outcome == .rendered)
        for step in 2...100 { #expect(try tick(pump, .milliseconds(100 * step)).frame == nil) }
        #expect(pump.statistics.framesRendered == 1 && pump.statistics.refreshFrames == 0)
    }

    @Test("while the sink is busy nothing is rendered or queued; drops are counted and the latest state follows")
    func dropsWhenBusy() throws {
        let (pump, label) = try makePump()
        let held = try #require(try pump.tick(at: .milliseconds(100)).frame)
        #expect(pump.isSubmitting)
        // Nothing to show: a busy sink costs no drop.
        #expect(try pump.tick(at: .milliseconds(200)).outcome == .idle)
        for (step, text) in ["one", "two", "three"].enumerated() {
            label.text = text
            let tick = try pump.tick(at: .milliseconds(300 + 100 * step))
            #expect(tick.outcome == .dropped && tick.frame == nil)
        }
        #expect(pump.statistics.droppedWhileBusy == 3)
        #expect(pump.renderer.pool?.statistics.allocations == 1)
        _ = held
        pump.submissionFinished(.accepted)
        let next = try #require(try pump.tick(at: .milliseconds(600)).frame)
        #expect(next.pixelRows != held.pixelRows)
        pump.submissionFinished(.accepted)
        // That frame showed the latest text: nothing is left to render.
        #expect(try pump.tick(at: .milliseconds(700)).outcome == .idle)
    }

    @Test("a frame the sink dropped is sent again at the next tick")
    func resendAfterSinkDrop() throws {
        let (pump, _) = try makePump()
        let first = try #require(try pump.tick(at: .milliseconds(100)).frame).pixelRows
        pump.submissionFinished(.dropped)
        let again = try pump.tick(at: .milliseconds(200))
        #expect(again.outcome == .refreshed)
        #expect(again.frame?.pixelRows == first)
        pump.submissionFinished(.accepted)
        #expect(try pump.tick(at: .milliseconds(300)).outcome == .idle)
        #expect(pump.statistics.droppedBySink == 1)
    }

    @Test("every reader of events() gets every event from its call on, in order; a second reader is no trap")
    func independentEventReaders() async throws {
        let (pump, _) = try makePump()
        var first = pump.events().makeAsyncIterator()
        _ = try tick(pump, .milliseconds(100))
        var second = pump.events().makeAsyncIterator()
        _ = try tick(pump, .milliseconds(200))
        #expect(await first.next() == .tick(.rendered, at: .milliseconds(100)))
        #expect(await first.next() == .submitted(.accepted))
        #expect(await first.next() == .tick(.idle, at: .milliseconds(200)))
        #expect(await second.next() == .tick(.idle, at: .milliseconds(200)))
    }

    @Test("a size change lays the tree out again before the first frame at the new size")
    func resizeLaysOutFirst() throws {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)), clock: ManualClock())
        let root = CornerMarker()
        window.rootView = root
        let pump = FramePump(window: window)
        let small = try #require(try tick(pump, .milliseconds(33)).frame)
        #expect((small.width, small.height) == (800, 480))
        #expect(small.argb(x: 790, y: 10) == Self.red)

        try pump.update(metrics: DisplayMetrics(resolution: Size(width: 1024, height: 600)))
        let large = try pump.tick(at: .milliseconds(66))
        #expect(large.outcome == .rendered)
        let frame = try #require(large.frame)
        #expect((frame.width, frame.height) == (1024, 600))
        #expect(root.frame == Rect(x: 0, y: 0, width: 1024, height: 600))
        #expect(frame.argb(x: 1014, y: 10) == Self.red)
        #expect(frame.argb(x: 790, y: 10) != Self.red)
    }

    @Test("the driver ticks on the clock, skips missed ticks, and hands frames to the sink")
    func driverOnManualClock() async throws {
        let (pump, label) = try makePump()
        let clock = ManualClock()
        let sink = RecordingSink()
        var events = pump.events().makeAsyncIterator()
        var frames = sink.presentationTimes.makeAsyncIterator()
        let driver = Task { try await pump.run(on: clock, sink: sink) }
        await clock.waitForSleeper()  // the driver has read its start time

        clock.advance(to: .milliseconds(100))
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(100)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: false)
        #expect(await frames.next() == .milliseconds(100))

        clock.advance(to: .milliseconds(200))
        #expect(await events.next() == .tick(.idle, at: .milliseconds(200)))

        label.text = "changed"
        clock.advance(to: .milliseconds(300))
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(300)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: false)
        #expect(await frames.next() == .milliseconds(300))

        // A late wake-up ticks once, at the time it woke, not once per missed period.
        clock.advance(to: .milliseconds(1350))
        #expect(await events.next() == .tick(.refreshed, at: .milliseconds(1350)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: false)
        #expect(await frames.next() == .milliseconds(1350))

        driver.cancel()
        try await driver.value
        #expect(pump.statistics.ticks == 4)
    }

    @Test("tickNow renders a change at once, between two ticks of the clock; a clean window waits for the clock")
    func tickNowBetweenTicks() async throws {
        let (pump, label, clock, eventStream, frameStream, driver) = try await pumpPastFirstFrame()
        var events = eventStream.makeAsyncIterator()
        var frames = frameStream.makeAsyncIterator()

        // Nothing changed: no early tick; the next event is the clock's own tick at 200 ms.
        pump.tickNow()
        clock.advance(to: .milliseconds(200))
        #expect(await events.next() == .tick(.idle, at: .milliseconds(200)))
        await clock.waitForSleeper()

        // A tap changed the window 30 ms after a tick: it is rendered at 230 ms, not at 300 ms.
        clock.advance(to: .milliseconds(230))
        label.text = "tapped"
        pump.tickNow()
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(230)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: true)
        #expect(await frames.next() == .milliseconds(230))

        // The clock's ticks go on as before.
        clock.advance(to: .milliseconds(300))
        #expect(await events.next() == .tick(.idle, at: .milliseconds(300)))
        driver.cancel()
        try await driver.value
        #expect(pump.statistics.framesRendered == 2)
    }

    @Test(
        "a tap on a clean window (a program answers later): its first change ticks at once, the next waits",
        .timeLimit(.minutes(1)))
    func changeAfterTap() async throws {
        let (pump, label, clock, eventStream, frameStream, driver) = try await pumpPastFirstFrame()
        var events = eventStream.makeAsyncIterator()
        var frames = frameStream.makeAsyncIterator()

        // The tap went to the program and nothing changed yet; at 140 ms the program's answer comes in (a view
        // asks for a repaint, as X11 damage does): drawn at 140 ms, not at the clock's 200 ms.
        pump.tickNow()
        clock.advance(to: .milliseconds(140))
        label.setNeedsDisplay()
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(140)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: true)
        #expect(await frames.next() == .milliseconds(140))
        await clock.waitForSleeper()

        // Another change with no input since: the clock's tick at 200 ms draws it.
        clock.advance(to: .milliseconds(170))
        label.setNeedsDisplay()
        clock.advance(to: .milliseconds(200))
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(200)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: false)
        await clock.waitForSleeper()

        // A change that comes more than FramePump.changeWindow after the input is not the input's answer.
        pump.tickNow()
        try await Task.sleep(for: FramePump.changeWindow + .milliseconds(100))
        clock.advance(to: .milliseconds(230))
        label.setNeedsDisplay()
        clock.advance(to: .milliseconds(300))
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(300)))
        driver.cancel()
        try await driver.value
    }

    /// A pump without refresh frames, its driver on a manual clock, past its first frame at 100 ms and asleep until
    /// the next tick; the caller cancels `driver`.
    func pumpPastFirstFrame() async throws -> (
        pump: FramePump, label: Label, clock: ManualClock, events: AsyncStream<FramePump.Event>,
        frames: AsyncStream<Duration>, driver: Task<Void, any Error>
    ) {
        let (pump, label) = try makePump(refresh: nil)
        let clock = ManualClock()
        let sink = RecordingSink()
        let eventStream = pump.events()
        var events = eventStream.makeAsyncIterator()
        var frames = sink.presentationTimes.makeAsyncIterator()
        let driver = Task { try await pump.run(on: clock, sink: sink) }
        await clock.waitForSleeper()
        clock.advance(to: .milliseconds(100))
        #expect(await events.next() == .tick(.rendered, at: .milliseconds(100)))
        #expect(await events.next() == .submitted(.accepted))
        Self.expectFrame(await events.next(), requested: false)
        #expect(await frames.next() == .milliseconds(100))
        await clock.waitForSleeper()
        return (pump, label, clock, eventStream, sink.presentationTimes, driver)
    }

    /// The `.frame` event that follows a frame the driver's sink took: its instants in order, and whether an input
    /// (``FramePump/tickNow()``) asked for it.
    static func expectFrame(
        _ event: FramePump.Event?, requested: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .frame(let timing) = event else {
            Issue.record("no frame event after the accepted frame", sourceLocation: sourceLocation)
            return
        }
        #expect(timing.started <= timing.rendered && timing.rendered <= timing.sent, sourceLocation: sourceLocation)
        #expect((timing.requested != nil) == requested, sourceLocation: sourceLocation)
        if let asked = timing.requested { #expect(asked <= timing.started, sourceLocation: sourceLocation) }
    }
}
