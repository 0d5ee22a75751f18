public import CarWindow

/// A label floating over the demo's map (zoom status, settings summary): a dark translucent chip in the day, the
/// night theme's surface at night, so the whole screen dims together. Its colours follow the window's theme.
///
/// ```swift
/// let status = ChromeLabel(font: Font(size: 18, weight: .bold))
/// status.text = "Zoom 1×"
/// ```
@CarWindowActor
public final class ChromeLabel: Label {
    public init(font: Font) {
        super.init(font: font)
    }

    public override var currentBackgroundColor: Color {
        theme.appearance == .day ? Color(hex: 0x263238, alpha: 0.85) : theme.palette.surface.withAlpha(0.9)
    }

    public override var textColor: Color {
        get { theme.appearance == .day ? .white : theme.palette.primaryText }
        set { super.textColor = newValue }
    }
}
