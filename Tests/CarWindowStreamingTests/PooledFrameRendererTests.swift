import CarWindow
import CarWindowDemo
import CarWindowTestingTools
import SDLMedia
import Testing

@Suite("Rendering into pooled frames")
@CarWindowActor
struct PooledFrameRendererTests {
    func makeWindow(_ width: Double, _ height: Double, scale: Double = 1) throws -> (Window, NavigationScreen) {
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: width, height: height), scale: scale),
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        return (window, screen)
    }

    @Test("the frame holds exactly what an owned buffer render holds, without a copy")
    func samePixelsAsOwnedBuffer() throws {
        let (window, _) = try makeWindow(800, 480)
        let renderer = PooledFrameRenderer()
        let (frame, report) = try renderer.render(window, presentationTime: .milliseconds(33))
        #expect(report.wasDirty && report.isFullRedraw)
        #expect((frame.format, frame.width, frame.height) == (.bgra, 800, 480))
        #expect(frame.presentationTime == .milliseconds(33))

        let (reference, _) = try makeWindow(800, 480)
        var owned = try CarWindow.PixelBuffer(width: 800, height: 480)
        _ = try reference.render(into: &owned)
        var ownedRows: [UInt8] = []
        for y in 0..<480 { ownedRows += owned.bytes[(y * owned.stride)..<(y * owned.stride + 800 * 4)] }
        #expect(frame.pixelRows == ownedRows)
        // The pool's buffer is the render target: the frame shares it rather than holding a copy.
        #expect(renderer.pool?.statistics.allocations == 1)
    }

    @Test("steady state: the pool allocates nothing more, and dirty regions repaint the same buffer")
    func poolStaysFlat() throws {
        let (window, screen) = try makeWindow(800, 480)
        let renderer = PooledFrameRenderer()
        var reports: [FrameReport] = []
        for index in 0..<30 {
            screen.advance(by: 0.001)
            let (frame, report) = try renderer.render(window, presentationTime: .milliseconds(33 * index))
            reports.append(report)
            _ = frame  // released here, as a sink would after encoding
        }
        let statistics = try #require(renderer.pool?.statistics)
        #expect(statistics.allocations == 1)
        #expect(statistics.overflowAllocations == 0)
        #expect(statistics.reuses == 29)
        #expect(reports.dropFirst().allSatisfy { $0.wasDirty && !$0.isFullRedraw })
    }

    @Test("full-redraw mode repaints everything when something changed, and nothing when nothing did")
    func fullModeOnlyWhenDirty() throws {
        var configuration = Window.Configuration()
        configuration.renderMode = .full
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)), configuration: configuration,
            clock: ManualClock())
        let screen = NavigationScreen()
        try screen.install(in: window)
        let renderer = PooledFrameRenderer()
        #expect(try renderer.render(window, presentationTime: .zero).1.isFullRedraw)
        #expect(try renderer.render(window, presentationTime: .milliseconds(33)).1.wasDirty == false)
        screen.statusLabel.text = "changed"
        let report = try renderer.render(window, presentationTime: .milliseconds(66)).1
        #expect(report.wasDirty && report.isFullRedraw)
    }

    @Test("a frame still held by the sink makes the next render use another buffer, in full")
    func heldFrameGetsAnotherBuffer() throws {
        let (window, screen) = try makeWindow(800, 480)
        let renderer = PooledFrameRenderer()
        let (held, _) = try renderer.render(window, presentationTime: .zero)
        screen.advance(by: 0.01)
        let (next, report) = try renderer.render(window, presentationTime: .milliseconds(33))
        #expect(report.isFullRedraw)
        #expect(held.buffer !== next.buffer)
        #expect(renderer.pool?.statistics.allocations == 2)
    }

    @Test(
        "an odd viewport streams at the next even size, the extra column black",
        arguments: [
            (1280.0, 720.0, 1.5, 854, 480),  // viewport 853x480
            (800.0, 480.0, 1.0, 800, 480),
            (1024.0, 601.0, 2.0, 512, 302),  // viewport 512x301 (300.5 rounded)
        ])
    func evenStreamingSize(width: Double, height: Double, scale: Double, frameWidth: Int, frameHeight: Int) throws {
        let (window, _) = try makeWindow(width, height, scale: scale)
        let (frame, _) = try PooledFrameRenderer().render(window, presentationTime: .zero)
        #expect(frame.width == frameWidth && frame.height == frameHeight)
        if Int(window.frameSize.width) < frame.width {
            #expect(frame.argb(x: frame.width - 1, y: frame.height / 2) == 0)
        }
    }

    @Test("a frame that is not BGRA is refused with a typed error")
    func refusesI420() {
        let frame = PixelBufferPool(format: .i420, width: 16, height: 16).makeFrame(presentationTime: .zero)
        #expect(throws: CarWindowError.self) { try RenderTarget(frame: frame) }
        let bgra = PixelBufferPool(format: .bgra, width: 16, height: 16).makeFrame(presentationTime: .zero)
        #expect(throws: CarWindowError.self) { try RenderTarget(frame: bgra, width: 17, height: 16) }
    }
}
