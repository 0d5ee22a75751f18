import Testing

@testable import CarWindow
@testable import CarWindowDemo
@testable import CarWindowUI

@Suite("Rendering")
@CarWindowActor
struct RenderingTests {
    nonisolated static let sizes = [Size(width: 800, height: 480), Size(width: 1280, height: 720)]

    /// A screen of the basic views: wrapped and aligned labels, buttons (one highlighted, one disabled), a
    /// translucent rounded card, an image and a canvas gauge, laid out by stacks.
    static func controlsScreen() throws -> View {
        var checker = try PixelBuffer(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let i = y * checker.stride + x * 4
                let on = (x + y) % 2 == 0
                checker.bytes.replaceSubrange(
                    i..<(i + 4), with: on ? [0x30, 0x90, 0xE0, 0xFF] : [0xFF, 0xFF, 0xFF, 0xFF])
            }
        }
        let title = Label(text: "CarWindow", font: Font(size: 32, weight: .bold), textColor: .white)
        let body = Label(
            text: "A small retained view tree rendered off-screen with Cairo and Pango, streamed to the head unit.",
            font: Font(size: 18), textColor: Color(hex: 0xCFD8DC))
        body.wraps = true
        let centred = Label(text: "Centred · ÄÖÜ · 72 km/h", font: Font(size: 20), textColor: .white)
        centred.alignment = .center
        centred.backgroundColor = Color(hex: 0x37474F)
        centred.cornerRadius = 8
        centred.preferredHeight = 40

        let ok = Button(title: "OK")
        let pressed = Button(title: "Pressed")
        pressed.isHighlighted = true
        let disabled = Button(title: "Disabled")
        disabled.isEnabled = false
        disabled.backgroundColor = .gray
        let buttons = StackView(axis: .horizontal, spacing: 12, arrangedSubviews: [ok, pressed, disabled, View()])

        let image = ImageView(image: try Bitmap(checker))
        image.contentMode = .scaleToFill
        image.preferredWidth = 120
        image.preferredHeight = 120
        let gauge = Canvas { context, bounds in
            let center = bounds.center
            let radius = min(bounds.width, bounds.height) / 2 - 6
            context.stroke(.circle(center: center, radius: radius), color: .white, lineWidth: 4)
            var needle = Path()
            needle.move(to: center)
            needle.addLine(to: Point(x: center.x + radius * 0.7, y: center.y - radius * 0.5))
            context.stroke(needle, color: .red, lineWidth: 5)
        }
        let card = View()
        card.backgroundColor = Color(hex: 0xFFB300)
        card.cornerRadius = 16
        card.alpha = 0.6
        let row = StackView(axis: .horizontal, spacing: 16, arrangedSubviews: [image, gauge, card])
        let column = StackView(
            axis: .vertical, spacing: 14, insets: EdgeInsets(all: 24),
            arrangedSubviews: [title, body, centred, buttons, row])
        column.backgroundColor = Color(hex: 0x1C262B)
        return column
    }

    func render(_ root: View, size: Size, configure: (Window) throws -> Void = { _ in }) throws -> (Window, PixelBuffer)
    {
        let window = try Window(metrics: DisplayMetrics(resolution: size))
        window.rootView = root
        try configure(window)
        var buffer = try PixelBuffer(width: Int(size.width), height: Int(size.height))
        let report = try window.render(into: &buffer)
        #expect(report.wasDirty && report.isFullRedraw)
        return (window, buffer)
    }

    @Test("golden: controls screen", arguments: sizes)
    func controlsGolden(size: Size) throws {
        let (_, buffer) = try render(Self.controlsScreen(), size: size)
        try Golden.check(buffer, named: "controls-\(size)")
    }

    @Test("golden: sample navigation screen", arguments: sizes)
    func navigationGolden(size: Size) throws {
        let screen = NavigationScreen()
        let window = try Window(metrics: DisplayMetrics(resolution: size))
        try screen.install(in: window)
        var buffer = try PixelBuffer(width: Int(size.width), height: Int(size.height))
        _ = try window.render(into: &buffer)
        try Golden.check(buffer, named: "navigation-\(size)")
    }

    @Test("night reaches the whole navigation screen: map, buttons and chips; an app's own colour still wins")
    func navigationNight() throws {
        let screen = NavigationScreen()
        screen.recenterButton.backgroundColor = Color(hex: 0x2E7D32)
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)))
        try screen.install(in: window)
        var day = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &day)
        window.theme = .night
        var night = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &night)
        try Golden.check(night, named: "navigation-night-800x480")

        func pixel(_ buffer: PixelBuffer, in view: View, dx: Double = 4, dy: Double? = nil) -> BGRAPixel? {
            let origin = view.originInWindow
            return buffer.pixel(x: Int(origin.x + dx), y: Int(origin.y + (dy ?? view.frame.height / 2)))
        }
        func bgra(_ hex: UInt32) -> BGRAPixel {
            BGRAPixel(
                blue: UInt8(hex & 0xFF), green: UInt8((hex >> 8) & 0xFF), red: UInt8((hex >> 16) & 0xFF), alpha: 255)
        }
        // The zoom button's background is the theme's accent by day and by night.
        #expect(pixel(day, in: screen.zoomInButton) == bgra(0x1E88E5))
        #expect(pixel(night, in: screen.zoomInButton) == bgra(0x1565C0))
        // The recenter button's colour is the app's: the theme does not touch it.
        #expect(pixel(day, in: screen.recenterButton) == bgra(0x2E7D32))
        #expect(pixel(night, in: screen.recenterButton) == bgra(0x2E7D32))
        // The map (bottom-left corner: land, a street or the park) goes dark.
        #expect(day.pixel(x: 1, y: 470) != night.pixel(x: 1, y: 470))
        let land = night.pixel(x: 1, y: 470)
        #expect(land.map { Int($0.red) + Int($0.green) + Int($0.blue) < 300 } == true, "\(String(describing: land))")
        // The status chip changes too.
        #expect(pixel(day, in: screen.statusLabel, dx: 6, dy: 3) != pixel(night, in: screen.statusLabel, dx: 6, dy: 3))
    }

    @Test("golden: compact navigation screen below the threshold (picture-in-picture)")
    func compactGolden() throws {
        let screen = NavigationScreen()
        let window = try Window(metrics: DisplayMetrics(resolution: Size(width: 320, height: 240)))
        try screen.install(in: window)
        #expect(window.activeRootView === screen.compactRootView)
        var buffer = try PixelBuffer(width: 320, height: 240)
        _ = try window.render(into: &buffer)
        try Golden.check(buffer, named: "navigation-compact-320x240")
    }

    @Test("text renders: the status label has dark and light pixels, and different texts differ", arguments: sizes)
    func textRenders(size: Size) throws {
        let screen = NavigationScreen()
        let window = try Window(metrics: DisplayMetrics(resolution: size))
        try screen.install(in: window)
        var before = try PixelBuffer(width: Int(size.width), height: Int(size.height))
        _ = try window.render(into: &before)
        let area = screen.statusLabel.convertToWindow(screen.statusLabel.bounds).inset(by: screen.statusLabel.insets)
        let (dark, light) = contrast(before, in: area)
        // White glyphs on the dark label: a few hundred glyph pixels, and plenty of background.
        #expect(light > 200, "too few light (glyph) pixels: \(light)")
        #expect(dark > 200, "too few dark (background) pixels: \(dark)")
        screen.zoom(by: 2, label: "zoomIn")
        var after = before
        _ = try window.render(into: &after)
        #expect(Golden.differingPixels(crop(before, area), crop(after, area)) > 50)
    }

    @Test("dirty-region redraw matches a full redraw and only touches the changed area")
    func dirtyRegion() throws {
        let root = try Self.controlsScreen()
        let (window, buffer) = try render(root, size: Size(width: 800, height: 480))
        var incremental = buffer
        _ = try window.render(into: &incremental)  // a new target: a full redraw
        #expect(try window.render(into: &incremental).wasDirty == false)
        let label = try #require(root.subviews.first as? Label)
        label.text = "CarWindow 2"
        let report = try window.render(into: &incremental)
        #expect(report.wasDirty && !report.isFullRedraw)
        let labelRect = label.convertToWindow(label.bounds)
        #expect(report.redrawnRegion.allSatisfy { labelRect.integral.union($0) == labelRect.integral })
        var configuration = window.configuration
        configuration.renderMode = .full
        try window.update(configuration: configuration)
        var full = buffer
        #expect(try window.render(into: &full).isFullRedraw)
        #expect(incremental == full)
        #expect(incremental != buffer)
    }

    @Test("swapping the root, resizing and rotating lay out again before the next frame")
    func resizeAndRotate() throws {
        var configuration = Window.Configuration()
        configuration.supportedOrientations = [.landscape]
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 800, height: 480)), configuration: configuration)
        let root = StackView(axis: .horizontal, arrangedSubviews: [View(), View()])
        window.rootView = root
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        #expect(root.subviews[1].frame == Rect(x: 400, y: 0, width: 400, height: 480))
        try window.resize(to: Size(width: 1024, height: 600))
        #expect(window.isDirty)
        var bigger = try PixelBuffer(width: 1024, height: 600)
        #expect(throws: CarWindowError.self) { try window.render(into: &frame) }
        #expect(try window.render(into: &bigger).isFullRedraw)
        #expect(root.subviews[1].frame == Rect(x: 512, y: 0, width: 512, height: 600))
        #expect(throws: CarWindowError.self) { try window.resize(to: Size(width: 480, height: 800)) }
        #expect(window.frameSize == Size(width: 1024, height: 600))
        let other = View()
        window.rootView = other
        #expect(other.frame == Rect(x: 0, y: 0, width: 1024, height: 600))
        #expect(try window.render(into: &bigger).isFullRedraw)
    }

    @Test("capabilities: viewport from resolution and scale, density from ppi or diagonal")
    func capabilities() throws {
        let caps = try DisplayMetrics(resolution: Size(width: 1280, height: 720), scale: 1.5, diagonalInches: 10)
        #expect(caps.viewportSize == Size(width: 853, height: 480))
        #expect(caps.orientation == .landscape)
        let density = try #require(caps.density)
        #expect(abs(density - 146.86) < 0.01)
        #expect(try DisplayMetrics(resolution: Size(width: 800, height: 480), scale: 0).scale == 1)
        #expect(try DisplayMetrics(resolution: Size(width: 800, height: 480), scale: 50).scale == 10)
        #expect(
            try DisplayMetrics(resolution: Size(width: 800, height: 480), pixelsPerInch: 160).viewportDensity
                == 160)
        #expect(throws: CarWindowError.self) { try DisplayMetrics(resolution: Size(width: 0, height: 480)) }
        #expect(throws: CarWindowError.self) { try PixelBuffer(width: 100_000, height: 1) }
        #expect(throws: CarWindowError.self) { try PixelBuffer(pngData: [0x89, 0x50, 0x4E, 0x47]) }
    }

    func contrast(_ buffer: PixelBuffer, in rect: Rect) -> (dark: Int, light: Int) {
        var dark = 0
        var light = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                guard let luma = buffer.pixel(x: x, y: y)?.luma else { continue }
                if luma < 90 { dark += 1 } else if luma > 200 { light += 1 }
            }
        }
        return (dark, light)
    }

    func crop(_ buffer: PixelBuffer, _ rect: Rect) -> PixelBuffer {
        let r = rect.integral
        guard var out = try? PixelBuffer(width: Int(r.width), height: Int(r.height)) else { return buffer }
        for y in 0..<out.height {
            let source = (Int(r.minY) + y) * buffer.stride + Int(r.minX) * 4
            out.bytes.replaceSubrange(
                y * out.stride..<(y * out.stride + out.width * 4), with: buffer.bytes[source..<(source + out.width * 4)]
            )
        }
        return out
    }
}
