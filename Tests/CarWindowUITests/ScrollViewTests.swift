import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

@Suite("Scroll view")
@CarWindowActor
struct ScrollViewTests {
    /// An 800x480 window with a scroll view on its left half holding 20 buttons of 60 points (1200 points).
    func makeScroll() throws -> (Window, ScrollView, [Button], ManualClock) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true),
            clock: clock)
        let buttons = (0..<20).map { index in
            let button = Button(title: "Row \(index)")
            button.preferredHeight = 60
            return button
        }
        let column = StackView(axis: .vertical, arrangedSubviews: buttons)
        let scroll = ScrollView(content: column)
        let root = View()
        root.addSubview(scroll)
        scroll.frame = Rect(x: 0, y: 0, width: 400, height: 480)
        window.rootView = root
        window.layoutIfNeeded()
        return (window, scroll, buttons, clock)
    }

    /// Advances 16 ms and ticks, up to `limit` times, until `done`; returns how many ticks it took.
    @discardableResult
    func tick(_ window: Window, _ clock: ManualClock, limit: Int = 600, until done: () -> Bool) -> Int {
        for count in 1...limit {
            clock.advance(by: .milliseconds(16))
            window.frameTick()
            if done() { return count }
        }
        return limit
    }

    @Test("content sized from the content view; a drag moves it once per frame tick however many moves arrive")
    func syncedDrag() throws {
        let (window, scroll, _, clock) = try makeScroll()
        #expect(scroll.contentSize == Size(width: 400, height: 1200))
        #expect(scroll.maximumOffset == Point(x: 0, y: 720))
        window.handleTouch(T.begin(200, 400, ts: 0))
        window.handleTouch(T.move(200, 300, ts: 10))
        #expect(scroll.contentOffset == .zero)  // nothing moves before the frame tick
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(scroll.contentOffset == Point(x: 0, y: 100))
        var offsets: [Double] = []
        scroll.onScroll = { offsets.append($0.y) }
        for y in stride(from: 290.0, through: 250, by: -10) { window.handleTouch(T.move(200, y, ts: 20)) }
        #expect(scroll.contentOffset.y == 100)
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(offsets == [150])  // five moves, one update
        #expect(scroll.isDragging)
    }

    @Test("a flick keeps moving after release, decelerates, stops, and leaves nothing running")
    func momentum() throws {
        let (window, scroll, _, clock) = try makeScroll()
        window.handleTouch(T.begin(200, 400, ts: 0))
        for step in 1...4 {
            window.handleTouch(T.move(200, 400 - Double(step) * 10, ts: step * 16))
            clock.advance(by: .milliseconds(16))
            window.frameTick()
        }
        window.handleTouch(T.end(200, 360, ts: 64))
        let released = scroll.contentOffset.y
        #expect(released == 40)
        #expect(scroll.isDecelerating)
        var previous = released
        var steps: [Double] = []
        tick(window, clock) {
            steps.append(scroll.contentOffset.y - previous)
            previous = scroll.contentOffset.y
            return !scroll.isDecelerating
        }
        #expect(scroll.contentOffset.y > released + 100)
        #expect(steps.count > 5)
        // Each step is no longer than the one before: it decelerates.
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 })
        #expect(scroll.contentOffset.y < 720)  // stopped by deceleration, not by the edge
        #expect(window.animator.isIdle)
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(!window.isDirty)  // static again
    }

    @Test("clamp stops at the edge; bounce stretches at half speed and springs back")
    func edges() throws {
        let (window, scroll, _, clock) = try makeScroll()
        scroll.edgeBehavior = .clamp
        window.handleTouch(T.begin(200, 100, ts: 0))
        window.handleTouch(T.move(200, 300, ts: 10))
        tick(window, clock, limit: 1) { true }
        #expect(scroll.contentOffset.y == 0)
        window.handleTouch(T.end(200, 300, ts: 20))

        scroll.edgeBehavior = .bounce
        window.handleTouch(T.begin(200, 100, ts: 1000))
        window.handleTouch(T.move(200, 200, ts: 1010))
        tick(window, clock, limit: 1) { true }
        #expect(scroll.contentOffset.y == -50)
        clock.advance(by: .milliseconds(200))  // the finger rests, so no velocity
        window.handleTouch(T.end(200, 200, ts: 1300))
        let ticks = tick(window, clock) { scroll.contentOffset.y == 0 && !scroll.isDecelerating }
        #expect(scroll.contentOffset.y == 0)
        #expect(ticks <= 20)  // the 300 ms bounce-back, in 16 ms ticks
        #expect(window.animator.isIdle)
    }

    @Test("a tap on a button inside presses it; a pan starting on a button scrolls and does not press it")
    func buttonsInside() throws {
        let (window, scroll, buttons, clock) = try makeScroll()
        var presses = 0
        buttons[1].action = { presses += 1 }
        window.handleTouch(T.begin(100, 90, ts: 0))
        #expect(buttons[1].isHighlighted)
        window.handleTouch(T.end(100, 90, ts: 80))
        #expect(presses == 1)

        window.handleTouch(T.begin(100, 90, ts: 2000))
        window.handleTouch(T.move(100, 40, ts: 2020))
        #expect(!buttons[1].isHighlighted)
        tick(window, clock, limit: 1) { true }
        clock.advance(by: .milliseconds(300))
        window.handleTouch(T.end(100, 40, ts: 2400))
        #expect(presses == 1)
        #expect(scroll.contentOffset.y == 50)
        // After scrolling 50 points, the point 100,90 is over row 2 (y 140 in the content).
        window.handleTouch(T.begin(100, 90, ts: 5000))
        #expect(buttons[2].isHighlighted)
        window.handleTouch(T.end(100, 90, ts: 5050))
    }

    @Test("scroll(to:animated:) clamps, animates on the frame clock and lands exactly")
    func programmatic() throws {
        let (window, scroll, _, clock) = try makeScroll()
        scroll.scroll(to: Point(x: 0, y: 5000), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 720))
        scroll.scroll(to: Point(x: 0, y: 120), animated: true)
        clock.advance(by: .milliseconds(150))
        window.frameTick()
        #expect(scroll.contentOffset.y < 720 && scroll.contentOffset.y > 120)
        clock.advance(by: .milliseconds(150))
        window.frameTick()
        #expect(scroll.contentOffset == Point(x: 0, y: 120))
        #expect(window.animator.isIdle)
    }

    @Test("focusable items are cut to the scroll view and keep their ids as the content moves")
    func haptics() throws {
        let (window, scroll, _, _) = try makeScroll()
        let before = window.focusableItems()
        #expect(before.count == 8)  // rows 0...7 are at least partly inside 480 points
        #expect(before.allSatisfy { $0.rect.maxY <= 480 })
        scroll.scroll(to: Point(x: 0, y: 30), animated: false)
        let after = window.focusableItems()
        #expect(after.count == 9)
        #expect(after.first?.id == before.first?.id)
        #expect(after.first?.rect.minY == 0 && after.first?.rect.height == 30)
    }

    @Test("scrolling repaints the scroll view's area only, not the screen")
    func dirtyArea() throws {
        let (window, scroll, _, _) = try makeScroll()
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        scroll.scroll(to: Point(x: 0, y: 200), animated: false)
        let report = try window.render(into: &frame)
        #expect(!report.isFullRedraw)
        #expect(report.redrawnRegion == [Rect(x: 0, y: 0, width: 400, height: 480)])
    }
}
