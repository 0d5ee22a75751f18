import CarWindow
import CarWindowDemo
import CarWindowTestingTools
import SDLRPC
import Testing

@Suite("Haptic rects to SendHapticData")
@CarWindowActor
struct HapticAdapterTests {
    static let delay = Duration.milliseconds(250)

    func makePump(haptics: Bool = true) throws -> (FramePump, NavigationScreen) {
        let window = try Window(
            metrics: DisplayMetrics(
                resolution: Size(width: 1280, height: 720), scale: 1.5, hapticSpatialDataSupported: haptics),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let pump = FramePump(
            window: window, configuration: StreamingConfiguration(frameRate: 10, hapticDebounce: Self.delay))
        return (pump, screen)
    }

    /// Ticks every 100 ms from `start` through `end` and returns the haptic requests with their tick times.
    func run(_ pump: FramePump, from start: Int, through end: Int) throws -> [(Int, SendHapticData)] {
        var sent: [(Int, SendHapticData)] = []
        for ms in stride(from: start, through: end, by: 100) {
            let tick = try pump.tick(at: .milliseconds(ms))
            if tick.frame != nil { pump.submissionFinished(.accepted) }
            if let data = tick.hapticData { sent.append((ms, data)) }
        }
        return sent
    }

    /// The button's window frame times the scale, its edges rounded to whole head-unit pixels as the locator does.
    func rect(of button: Button, scale: Double = 1.5) -> Rectangle {
        let frame = button.convertToWindow(button.bounds)
        let x0 = (frame.minX * scale).rounded()
        let y0 = (frame.minY * scale).rounded()
        return Rectangle(
            x: x0, y: y0, width: (frame.maxX * scale).rounded() - x0, height: (frame.maxY * scale).rounded() - y0)
    }

    @Test("rects are the buttons' frames times the scale, preferred first, sent once the layout settles")
    func rectsAndDebounce() throws {
        let (pump, screen) = try makePump()
        let sent = try run(pump, from: 100, through: 1000)
        #expect(sent.count == 1)
        let (time, request) = try #require(sent.first)
        #expect(time == 400)  // first layout at 100 ms + 250 ms debounce, on the next tick
        let rects = try #require(request.hapticRectData)
        #expect(rects.first?.rect == rect(of: screen.zoomInButton))
        for button in [screen.zoomInButton, screen.zoomOutButton, screen.recenterButton] {
            #expect(rects.contains { $0.rect == rect(of: button) }, "\(button.title)")
        }
        #expect(Set(rects.map(\.id)).count == rects.count)
    }

    @Test("ids stay the same across a re-layout; changes within the delay send only the settled set")
    func stableIDsAndDebounce() throws {
        let (pump, screen) = try makePump()
        let first = try #require(try run(pump, from: 100, through: 500).first?.1.hapticRectData)
        let zoomInID = try #require(first.first { $0.rect == rect(of: screen.zoomInButton) }?.id)
        let recenterID = try #require(first.first { $0.rect == rect(of: screen.recenterButton) }?.id)

        // Two resizes 100 ms apart: the first layout never settles, so it is never sent.
        try pump.update(
            metrics: DisplayMetrics(
                resolution: Size(width: 1600, height: 900), scale: 1.5, hapticSpatialDataSupported: true))
        #expect(try run(pump, from: 600, through: 600).isEmpty)
        try pump.update(
            metrics: DisplayMetrics(
                resolution: Size(width: 1920, height: 1080), scale: 1.5, hapticSpatialDataSupported: true))
        let sent = try run(pump, from: 700, through: 1500)
        #expect(sent.map(\.0) == [1000])
        let second = try #require(sent.first?.1.hapticRectData)
        #expect(second.first { $0.id == zoomInID }?.rect == rect(of: screen.zoomInButton))
        #expect(second.first { $0.id == recenterID }?.rect == rect(of: screen.recenterButton))
        #expect(second.first { $0.id == zoomInID }?.rect != first.first { $0.id == zoomInID }?.rect)

        // The same layout again (a redraw, not a re-layout) sends nothing.
        screen.advance(by: 0.01)
        #expect(try run(pump, from: 1600, through: 2500).isEmpty)
    }

    @Test("nothing is sent when the head unit does not support haptic data")
    func unsupported() throws {
        let (pump, screen) = try makePump(haptics: false)
        screen.zoomInButton.sendAction()
        #expect(try run(pump, from: 100, through: 3000).isEmpty)
        #expect(pump.statistics.hapticUpdates == 0)
    }

    @Test("when the last focusable item goes, an empty array clears the head unit's rects")
    func emptyClears() throws {
        let (pump, _) = try makePump()
        #expect(try run(pump, from: 100, through: 500).count == 1)
        pump.window.rootView = nil
        pump.window.compactRootView = nil
        let sent = try run(pump, from: 600, through: 1500)
        #expect(sent.map(\.1) == [SendHapticData(hapticRectData: [])])
    }

    @Test("the request carries the rects unchanged: one HapticRect type from the view tree to the wire")
    func rpcForm() {
        let request = SendHapticData(rects: [
            HapticRect(id: 4, x: 30, y: 60, width: 96, height: 96),
            HapticRect(id: 9, x: 0.5, y: 1.5, width: 2, height: 3),
        ])
        #expect(
            request.hapticRectData == [
                HapticRect(id: 4, rect: Rectangle(x: 30, y: 60, width: 96, height: 96)),
                HapticRect(id: 9, rect: Rectangle(x: 0.5, y: 1.5, width: 2, height: 3)),
            ])
    }
}

@Suite("Haptic debouncer")
struct HapticDebouncerTests {
    static let a = [HapticRect(id: 1, x: 0, y: 0, width: 10, height: 10)]
    static let b = [HapticRect(id: 1, x: 5, y: 0, width: 10, height: 10)]

    @Test("a set is due after the delay, once; a change restarts the delay; the same set is not sent twice")
    func timeline() {
        var debouncer = HapticDebouncer(delay: .milliseconds(200), isEnabled: true)
        debouncer.observe(Self.a, at: .milliseconds(0))
        #expect(debouncer.due(at: .milliseconds(199)) == nil)
        debouncer.observe(Self.b, at: .milliseconds(150))
        #expect(debouncer.due(at: .milliseconds(200)) == nil)
        #expect(debouncer.due(at: .milliseconds(350)) == Self.b)
        #expect(debouncer.due(at: .milliseconds(400)) == nil)
        debouncer.observe(Self.b, at: .milliseconds(500))
        #expect(debouncer.nextDeadline == nil)
        // A change and back within the delay sends nothing.
        debouncer.observe(Self.a, at: .milliseconds(600))
        debouncer.observe(Self.b, at: .milliseconds(650))
        #expect(debouncer.due(at: .milliseconds(900)) == nil)
    }

    @Test("the first set is sent even when empty; disabled sends nothing; re-enabling sends again")
    func enableAndEmpty() {
        var debouncer = HapticDebouncer(delay: .zero, isEnabled: false)
        debouncer.observe(Self.a, at: .zero)
        #expect(debouncer.due(at: .seconds(1)) == nil)
        debouncer.setEnabled(true)
        debouncer.observe([], at: .seconds(1))
        #expect(debouncer.due(at: .seconds(1)) == [])
        debouncer.observe(Self.a, at: .seconds(2))
        #expect(debouncer.due(at: .seconds(2)) == Self.a)
        debouncer.setEnabled(false)
        debouncer.setEnabled(true)
        debouncer.observe(Self.a, at: .seconds(3))
        #expect(debouncer.due(at: .seconds(3)) == Self.a)
    }
}
