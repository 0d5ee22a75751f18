/// The base of the standard controls (``Toggle``, ``Slider``, ``SegmentedControl`` segments): a focusable,
/// tappable view that is at least ``Window/Configuration/minimumTouchTarget`` on each side, draws dimmed when
/// disabled, and takes its colours from the window's ``Theme``.
///
/// It is a ``Button`` underneath, so it gets the button's touch handling: highlighted while pressed, acting at once
/// on a tap, and no press when a pan starts on it.
/// The standard controls use the button's `action` themselves: observe them with their `onChange` (or
/// ``TextField``'s `onSubmit`) instead of replacing `action`.
@CarWindowActor
open class Control: Button {
    public init(title: String = "") {
        super.init(title: title, font: Font(size: 20))
        backgroundColor = .clear
        contentInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
    }

    /// The smallest side of a touch target in the window this control is in.
    public var minimumTouchTarget: Double { window?.configuration.minimumTouchTarget ?? 48 }

    /// The content's natural size, grown to the minimum touch target.
    open var contentSize: Size { .zero }

    open override var intrinsicContentSize: Size {
        let content = contentSize
        return Size(width: max(minimumTouchTarget, content.width), height: max(minimumTouchTarget, content.height))
    }

    open override var currentBackgroundColor: Color {
        isHighlighted ? theme.palette.track.withAlpha(0.35) : backgroundColor
    }

    /// `color` as drawn in the current state: faded when disabled.
    public func stateColor(_ color: Color) -> Color {
        isEnabled ? color : color.withAlpha(color.alpha * 0.38)
    }

    /// The title's width when there is one (drawn at the leading edge by controls that show it).
    func titleWidth() -> Double {
        title.isEmpty ? 0 : TextEngine.measure(title, font: font, maxWidth: nil, wraps: false).width + 16
    }
}
