/// The look of a CarWindow screen: a palette, fonts, corner radii and spacing, in a day and a night variant.
/// Set it on the window (``Window/theme``); every view reads it through ``View/theme``, and the standard
/// controls and lists draw with it.
///
/// ```swift
/// window.theme = .night                      // one full repaint, then static again
/// var brand = Theme.day
/// brand.palette.accent = Color(hex: 0x00897B)
/// window.theme = brand
/// ```
public struct Theme: Hashable, Sendable {
    /// The colours views draw with.
    public struct Palette: Hashable, Sendable {
        /// Behind everything.
        public var background: Color
        /// Cards, sheets, list rows.
        public var surface: Color
        /// Text and icons on the background or a surface.
        public var primaryText: Color
        public var secondaryText: Color
        /// Selection, active controls, progress.
        public var accent: Color
        /// Text and icons on the accent.
        public var onAccent: Color
        /// Tracks of sliders, toggles off, separators.
        public var track: Color

        public init(
            background: Color, surface: Color, primaryText: Color, secondaryText: Color, accent: Color,
            onAccent: Color, track: Color
        ) {
            self.background = background
            self.surface = surface
            self.primaryText = primaryText
            self.secondaryText = secondaryText
            self.accent = accent
            self.onAccent = onAccent
            self.track = track
        }
    }

    /// Text styles.
    public struct Fonts: Hashable, Sendable {
        public var title: Font
        public var body: Font
        public var caption: Font

        public init(title: Font, body: Font, caption: Font) {
            self.title = title
            self.body = body
            self.caption = caption
        }
    }

    public var appearance: Appearance
    public var palette: Palette
    public var fonts: Fonts
    /// Corner radius of buttons, cards and segments.
    public var cornerRadius: Double
    /// The usual gap between views.
    public var spacing: Double

    public init(appearance: Appearance, palette: Palette, fonts: Fonts, cornerRadius: Double, spacing: Double) {
        self.appearance = appearance
        self.palette = palette
        self.fonts = fonts
        self.cornerRadius = cornerRadius
        self.spacing = spacing
    }

    static let standardFonts = Fonts(
        title: Font(size: 26, weight: .bold), body: Font(size: 20), caption: Font(size: 16))

    /// Light surfaces and dark text, for daylight.
    public static let day = Theme(
        appearance: .day,
        palette: Palette(
            background: Color(hex: 0xECEFF1), surface: Color(hex: 0xFFFFFF), primaryText: Color(hex: 0x1C262B),
            secondaryText: Color(hex: 0x546E7A), accent: Color(hex: 0x1E88E5), onAccent: .white,
            track: Color(hex: 0xB0BEC5)),
        fonts: standardFonts, cornerRadius: 10, spacing: 12)

    /// Dark surfaces and dimmer colours, so the screen does not dazzle the driver at night.
    public static let night = Theme(
        appearance: .night,
        palette: Palette(
            background: Color(hex: 0x0B1114), surface: Color(hex: 0x1C262B), primaryText: Color(hex: 0xCFD8DC),
            secondaryText: Color(hex: 0x78909C), accent: Color(hex: 0x1565C0), onAccent: Color(hex: 0xE3F2FD),
            track: Color(hex: 0x37474F)),
        fonts: standardFonts, cornerRadius: 10, spacing: 12)

    /// The variant for `appearance`.
    public static func standard(_ appearance: Appearance) -> Theme { appearance == .day ? .day : .night }
}
