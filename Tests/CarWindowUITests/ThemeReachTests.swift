import Testing

@testable import CarWindowUI

/// The theme reaches the whole screen: the window paints its background, a view sees the current theme when it joins
/// the tree, and a small screen shows the compact root without the app having to ask.
@Suite("The theme reaches every view")
@CarWindowActor
struct ThemeReachTests {
    static func window(width: Double = 800, height: Double = 480) throws -> Window {
        try Window(metrics: DisplayMetrics(resolution: Size(width: width, height: height)))
    }

    /// The colour a buffer pixel shows, as a `Color` with 8-bit channels.
    static func color(_ buffer: PixelBuffer, x: Int, y: Int) -> Color? {
        buffer.pixel(x: x, y: y).map {
            Color(red: Double($0.red) / 255, green: Double($0.green) / 255, blue: Double($0.blue) / 255)
        }
    }

    static func quantized(_ color: Color) -> Color {
        Color(
            red: (color.red * 255).rounded() / 255, green: (color.green * 255).rounded() / 255,
            blue: (color.blue * 255).rounded() / 255)
    }

    /// A view that records the appearance it saw each time it was told the environment changed.
    final class EnvironmentProbe: View {
        var seen: [Appearance] = []

        override func environmentDidChange() {
            super.environmentDidChange()
            seen.append(theme.appearance)
        }
    }

    @Test("a root that paints nothing shows the theme's background, day and night, so default text is readable")
    func windowPaintsTheThemeBackground() throws {
        let window = try Self.window()
        window.rootView = Label(text: "Hello")
        var frame = try PixelBuffer(width: 800, height: 480)
        _ = try window.render(into: &frame)
        #expect(Self.color(frame, x: 790, y: 470) == Self.quantized(Theme.day.palette.background))
        window.theme = .night
        _ = try window.render(into: &frame)
        #expect(Self.color(frame, x: 790, y: 470) == Self.quantized(Theme.night.palette.background))
    }

    @Test("an explicit window background still wins over the theme")
    func explicitBackgroundWins() throws {
        var configuration = Window.Configuration()
        configuration.backgroundColor = Color(hex: 0x102030)
        let window = try Window(
            metrics: DisplayMetrics(resolution: Size(width: 320, height: 200)), configuration: configuration)
        window.rootView = View()
        var frame = try PixelBuffer(width: 320, height: 200)
        _ = try window.render(into: &frame)
        #expect(Self.color(frame, x: 10, y: 10) == Color(hex: 0x102030))
    }

    @Test("a view added to a window on a night theme is told the environment as it joins")
    func addedViewSeesTheEnvironment() throws {
        let window = try Self.window()
        let root = View()
        window.rootView = root
        window.theme = .night
        let probe = EnvironmentProbe()
        let holder = View()
        holder.addSubview(probe)  // not in a window yet: nothing to see
        root.addSubview(holder)
        #expect(probe.seen.last == .night)
    }

    @Test("a page kept off screen through a day/night switch shows the current theme when swapped in")
    func swappedInPageSeesTheTheme() throws {
        let window = try Self.window()
        window.rootView = View()
        let segments = SegmentedControl(segments: ["Map", "List"])
        let probe = EnvironmentProbe()
        let page = StackView(axis: .vertical, arrangedSubviews: [segments, probe])
        window.theme = .night
        window.rootView = page
        #expect(probe.seen == [.night])
        #expect(segments.backgroundColor == Theme.night.palette.track.withAlpha(0.3))
    }

    @Test("a slider's thumb and a toggle's knob take the theme's on-accent colour: not a glaring white at night")
    func knobsFollowTheTheme() throws {
        let window = try Self.window(width: 400, height: 300)
        let slider = Slider(value: 0.5)
        let toggle = Toggle(title: "Tolls", isOn: true)
        window.rootView = StackView(
            axis: .vertical, spacing: 20, insets: EdgeInsets(all: 20),
            arrangedSubviews: [
                slider, toggle, View(),
            ])
        window.theme = .night
        var frame = try PixelBuffer(width: 400, height: 300)
        _ = try window.render(into: &frame)
        let thumb = slider.convertToWindow(slider.trackRect).center
        let onAccent = Self.quantized(Theme.night.palette.onAccent)
        #expect(Self.color(frame, x: Int(thumb.x), y: Int(thumb.y)) == onAccent)
        // The knob of an isOn toggle sits at the track's right end, 3 points in plus its radius (14).
        let track = toggle.convertToWindow(toggle.bounds)
        let knob = Point(x: track.maxX - toggle.contentInsets.right - 3 - 14, y: track.midY)
        #expect(Self.color(frame, x: Int(knob.x), y: Int(knob.y)) == onAccent)
    }

    @Test("below 400x300 the compact root is shown without any configuration; above it the root")
    func compactRootByDefault() throws {
        let small = try Self.window(width: 320, height: 240)
        let full = View()
        let compact = View()
        small.rootView = full
        small.compactRootView = compact
        #expect(small.activeRootView === compact)
        let large = try Self.window()
        large.rootView = full
        large.compactRootView = compact
        #expect(large.activeRootView === full)
        #expect(Window.Configuration().compactThreshold == Size(width: 400, height: 300))
    }
}
