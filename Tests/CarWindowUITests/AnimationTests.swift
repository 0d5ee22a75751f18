import CarWindowTestingTools
import Observation
import Testing

@testable import CarWindowUI

@Suite("Animation and observable state")
@CarWindowActor
struct AnimationTests {
    func makeWindow() throws -> (Window, View, ManualClock) {
        let clock = ManualClock(sleeping: .fails)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)), clock: clock)
        let root = View()
        window.rootView = root
        window.layoutIfNeeded()
        return (window, root, clock)
    }

    @Test("curves start at 0, end at 1; ease-in-out is symmetric; a spring overshoots and still lands on 1")
    func curves() {
        for curve in [Animation.Curve.linear, .easeIn, .easeOut, .easeInOut, .spring(dampingRatio: 0.5)] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
        }
        #expect(Animation.Curve.linear.value(at: 0.25) == 0.25)
        #expect(abs(Animation.Curve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
        #expect(Animation.Curve.easeIn.value(at: 0.5) < 0.5)
        #expect(Animation.Curve.easeOut.value(at: 0.5) > 0.5)
        let spring = (1..<100).map { Animation.Curve.spring(dampingRatio: 0.4).value(at: Double($0) / 100) }
        #expect(spring.contains { $0 > 1 })
    }

    @Test("animate { } moves frame and alpha on the frame clock, then completes with true and goes idle")
    func propertyAnimation() throws {
        let (window, root, clock) = try makeWindow()
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(card)
        var completions: [Bool] = []
        window.animate(Animation(duration: .milliseconds(100), curve: .linear)) {
            card.frame.origin.x = 200
            card.alpha = 0
        } completion: {
            completions.append($0)
        }
        #expect(card.frame.origin.x == 0)  // nothing jumps
        clock.advance(by: .milliseconds(50))
        window.frameTick()
        #expect(card.frame.origin.x == 100)
        #expect(card.alpha == 0.5)
        #expect(completions.isEmpty)
        clock.advance(by: .milliseconds(60))
        window.frameTick()
        #expect(card.frame.origin.x == 200)
        #expect(card.alpha == 0)
        #expect(completions == [true])
        #expect(window.animator.isIdle)
    }

    @Test("a new animation of the same property cancels the old one, whose completion gets false")
    func cancellation() throws {
        let (window, root, clock) = try makeWindow()
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(card)
        var first: [Bool] = []
        var second: [Bool] = []
        window.animate(duration: .milliseconds(100), curve: .linear) {
            card.alpha = 0
        } completion: {
            first.append($0)
        }
        clock.advance(by: .milliseconds(50))
        window.frameTick()
        window.animate(duration: .milliseconds(100), curve: .linear) {
            card.alpha = 1
        } completion: {
            second.append($0)
        }
        #expect(first == [false])
        clock.advance(by: .milliseconds(50))
        window.frameTick()
        #expect(card.alpha == 0.75)  // from 0.5 towards 1
        clock.advance(by: .milliseconds(50))
        window.frameTick()
        #expect(card.alpha == 1)
        #expect(second == [true])
        // Outside a window, and with nothing to animate, changes apply at once.
        let loose = View()
        var loneCompletion = false
        loose.animate(duration: .seconds(1)) {
            loose.alpha = 0.3
        } completion: {
            loneCompletion = $0
        }
        #expect(loose.alpha == 0.3 && loneCompletion)
    }

    @Test("a custom value animates by key; the screen is static again once it ends")
    func customValue() throws {
        let (window, root, clock) = try makeWindow()
        var speed = 0.0
        let gauge = Canvas()
        root.addSubview(gauge)
        window.animate(
            AnimationKey(gauge, "speed"), from: 0.0, to: 80.0,
            animation: Animation(duration: .milliseconds(40), curve: .linear)
        ) {
            speed = $0
            gauge.setNeedsDisplay()
        }
        var frame = try PixelBuffer(width: 800, height: 480)
        var ticks = 0
        while !window.animator.isIdle, ticks < 10 {
            clock.advance(by: .milliseconds(16))
            window.frameTick()
            _ = try window.render(into: &frame)
            ticks += 1
        }
        #expect(speed == 80)
        #expect(ticks == 3)
        clock.advance(by: .milliseconds(16))
        window.frameTick()
        #expect(!window.isDirty)
    }
}

@Observable
final class PlayerModel: @unchecked Sendable {
    var title = "Intro"
    var position = 0.0
    var unrelated = 0
}

@Suite("Observable state")
@CarWindowActor
struct ObservationTests {
    @Test("a label bound to an @Observable model redraws after a model change, once, with no setNeedsDisplay")
    func binding() throws {
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)))
        let model = PlayerModel()
        let label = Label()
        label.frame = Rect(x: 10, y: 10, width: 200, height: 40)
        var runs = 0
        label.observe {
            runs += 1
            label.text = model.title
        }
        #expect(label.text == "Intro")  // runs at once, before it is in a window
        let root = View()
        root.addSubview(label)
        window.rootView = root
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        #expect(!window.isDirty)

        model.title = "Blue in Green"
        #expect(window.isDirty)
        let report = try window.render(into: &frame)
        #expect(label.text == "Blue in Green")
        #expect(report.redrawnRegion == [Rect(x: 10, y: 10, width: 200, height: 40)])
        #expect(runs == 2)
        model.unrelated += 1  // not read by the binding: nothing to do
        #expect(!window.isDirty)
        model.title = "So What"
        model.title = "Freddie Freeloader"  // two changes before a frame: one update
        _ = try window.render(into: &frame)
        #expect(label.text == "Freddie Freeloader")
        #expect(runs == 3)
    }
}
