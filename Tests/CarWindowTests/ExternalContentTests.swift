import SDLRPC
import Testing

@testable import CarWindow
@testable import CarWindowUI

/// The two hooks for views whose content comes from elsewhere (an X11 application): haptic regions that move
/// without a redraw, and pixels painted from caller memory.
@Suite("Views with external content")
@CarWindowActor
struct ExternalContentTests {
    @Test("a canvas's haptic regions changing sends new rects at the next settled tick, with nothing redrawn")
    func hapticRegionsWithoutRedraw() throws {
        let caps = try DisplayMetrics(resolution: Size(width: 200, height: 100), hapticSpatialDataSupported: true)
        let window = try Window(metrics: caps)
        let canvas = Canvas()
        window.rootView = canvas
        canvas.hapticRegions = [HapticRegion(key: "a", rect: Rect(x: 10, y: 10, width: 20, height: 20))]
        var configuration = StreamingConfiguration(frameRate: 10)
        configuration.hapticDebounce = .milliseconds(100)
        let pump = FramePump(window: window, configuration: configuration)
        var now = Duration.milliseconds(100)
        var first = try pump.tick(at: now)
        if first.frame != nil { pump.submissionFinished(.accepted) }
        while first.hapticData == nil, now < .seconds(2) {
            now += .milliseconds(100)
            first = try pump.tick(at: now)
            if first.frame != nil { pump.submissionFinished(.accepted) }
        }
        #expect(first.hapticData != nil)
        #expect(window.hapticRects().map(\.x) == [10])
        let rendered = pump.statistics.framesRendered

        canvas.hapticRegions = [HapticRegion(key: "a", rect: Rect(x: 50, y: 10, width: 20, height: 20))]
        #expect(!window.isDirty, "moving a region redraws nothing")
        var moved: FramePump.Tick?
        for _ in 0..<5 {
            now += .milliseconds(100)
            let tick = try pump.tick(at: now)
            if tick.frame != nil { pump.submissionFinished(.accepted) }
            if tick.hapticData != nil { moved = tick }
        }
        #expect(moved?.hapticData != nil, "the moved region is sent")
        #expect(window.hapticRects().map(\.x) == [50])
        #expect(pump.statistics.framesRendered == rendered)
    }

    @Test("drawPixels paints caller memory one to one at the origin, inside the view")
    func drawPixels() throws {
        // 2x1 BGRX pixels: pure red, pure blue.
        let pixels: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0]
        let canvas = Canvas { context, _ in
            pixels.withUnsafeBytes { raw in
                context.drawPixels(raw.baseAddress!, width: 2, height: 1, stride: 8, at: Point(x: 1, y: 0))
            }
        }
        let caps = try DisplayMetrics(resolution: Size(width: 4, height: 2))
        let window = try Window(metrics: caps)
        window.rootView = canvas
        var buffer = try PixelBuffer(width: 4, height: 2)
        _ = try window.render(into: &buffer)
        let red = BGRAPixel(blue: 0, green: 0, red: 255, alpha: 255)
        let blue = BGRAPixel(blue: 255, green: 0, red: 0, alpha: 255)
        // Around them, the window's background: the day theme's.
        let background = BGRAPixel(blue: 0xF1, green: 0xEF, red: 0xEC, alpha: 255)
        #expect(Theme.day.palette.background == Color(hex: 0xECEFF1))
        #expect(buffer.pixel(x: 1, y: 0) == red)
        #expect(buffer.pixel(x: 2, y: 0) == blue)
        #expect(buffer.pixel(x: 0, y: 0) == background)
        #expect(buffer.pixel(x: 1, y: 1) == background)
    }
}
