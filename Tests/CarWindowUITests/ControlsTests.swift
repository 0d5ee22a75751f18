import CarWindowTestingTools
import CarWindowUITestSupport
import Testing

@testable import CarWindowUI

@Suite("Standard controls")
@CarWindowActor
struct ControlsTests {
    /// An 800x480 window on a manual clock with `views` stacked in a column from the top.
    func makeWindow(_ views: [View]) throws -> (Window, ManualClock) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480), hapticSpatialDataSupported: true),
            clock: clock)
        window.rootView = StackView(
            axis: .vertical, spacing: 0, alignment: .leading, arrangedSubviews: views + [View()])
        window.layoutIfNeeded()
        return (window, clock)
    }

    func tap(_ window: Window, at point: Point, ts: Int) {
        window.handleTouch(T.begin(point.x, point.y, ts: ts))
        window.handleTouch(T.end(point.x, point.y, ts: ts + 50))
    }

    @Test("a toggle flips on a tap at once, reports it, and slides its knob over 150 ms on the frame clock")
    func toggle() throws {
        let toggle = Toggle(title: "Avoid tolls")
        let (window, clock) = try makeWindow([toggle])
        var changes: [Bool] = []
        toggle.onChange = { changes.append($0) }
        tap(window, at: toggle.frame.center, ts: 0)
        #expect(toggle.isOn && changes == [true])
        #expect(toggle.knobPosition == 0)
        clock.advance(by: .milliseconds(160))
        window.frameTick()
        #expect(toggle.knobPosition == 1)
        toggle.isEnabled = false
        tap(window, at: toggle.frame.center, ts: 1000)
        #expect(toggle.isOn && changes == [true])  // disabled: no change
    }

    @Test("a slider jumps to a tap, follows a drag once per tick, snaps to its step and stays in range")
    func slider() throws {
        let slider = Slider(value: 0, in: 0...100)
        slider.preferredWidth = 444  // track 400 points from x 22 (8 inset + 14 thumb radius)
        let (window, clock) = try makeWindow([slider])
        var values: [Double] = []
        slider.onChange = { values.append($0) }
        let y = slider.frame.center.y
        tap(window, at: Point(x: 222, y: y), ts: 0)
        #expect(slider.value == 50)
        window.handleTouch(T.begin(222, y, ts: 1000))
        window.handleTouch(T.move(262, y, ts: 1010))
        window.handleTouch(T.move(322, y, ts: 1020))
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(slider.value == 75)
        #expect(values == [50, 75])  // the pan's start at 50 changed nothing, two moves made one change
        window.handleTouch(T.move(900, y, ts: 1030))
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        window.handleTouch(T.end(900, y, ts: 1040))
        #expect(slider.value == 100)
        slider.step = 10
        tap(window, at: Point(x: 22 + 400 * 0.33, y: y), ts: 3000)
        #expect(slider.value == 30)
        slider.value = -5
        #expect(slider.value == 0)
    }

    @Test("segments are separate haptic rects at least 48 points tall; a tap selects one")
    func segments() throws {
        let control = SegmentedControl(segments: ["Day", "Night", "Auto"], selectedIndex: 2)
        control.preferredWidth = 300
        let (window, _) = try makeWindow([control])
        #expect(control.frame.height >= 48)
        #expect(window.focusableItems().count == 3)
        var chosen: [Int] = []
        control.onChange = { chosen.append($0) }
        tap(window, at: Point(x: 150, y: control.frame.center.y), ts: 0)
        #expect(control.selectedIndex == 1 && chosen == [1])
        #expect(control.segments.map(\.isSelected) == [false, true, false])
    }

    @Test("the minimum touch target is a window setting")
    func touchTarget() throws {
        let toggle = Toggle()
        let (window, _) = try makeWindow([toggle])
        #expect(toggle.frame.height == 48)
        var configuration = window.configuration
        configuration.minimumTouchTarget = 64
        try window.update(configuration: configuration)
        toggle.superview?.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(toggle.frame.height == 64)
    }

    @Test("indeterminate progress and the spinner tick only while shown; a determinate bar is static")
    func endlessAnimations() throws {
        let bar = ProgressView(progress: 0.4)
        bar.preferredWidth = 300
        let spinner = ActivityIndicator()
        let (window, clock) = try makeWindow([bar, spinner])
        #expect(window.animator.isIdle)
        #expect(spinner.isHidden)
        bar.isIndeterminate = true
        spinner.startAnimating()
        window.layoutIfNeeded()
        #expect(window.animator.count == 2)
        clock.advance(by: .milliseconds(300))
        window.frameTick()
        #expect(bar.phase == 0.25)
        #expect(spinner.leadingSpoke == 3)
        bar.isHidden = true
        spinner.stopAnimating()
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(window.animator.isIdle)
        bar.progress = 7
        #expect(bar.progress == 1)
    }
}
