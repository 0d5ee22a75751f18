/// An on/off switch with an optional title on its leading side; a tap flips it, the knob slides over 150 ms.
///
/// ```swift
/// let avoidTolls = Toggle(title: "Avoid tolls", isOn: settings.avoidTolls)
/// avoidTolls.onChange = { settings.avoidTolls = $0 }
/// ```
@CarWindowActor
open class Toggle: Control {
    /// The state; setting it in code moves the knob at once and does not call ``onChange``.
    public var isOn: Bool {
        didSet {
            guard isOn != oldValue else { return }
            knobPosition = isOn ? 1 : 0
            setNeedsDisplay()
        }
    }
    /// Called with the new state when the user flips the switch.
    public var onChange: (@CarWindowActor (Bool) -> Void)?
    /// 0 (off) to 1 (on); animated between the two after a tap.
    public private(set) var knobPosition: Double

    static let trackSize = Size(width: 64, height: 34)

    public init(title: String = "", isOn: Bool = false) {
        self.isOn = isOn
        self.knobPosition = isOn ? 1 : 0
        super.init(title: title)
        action = { [weak self] in self?.flip() }
    }

    open override var contentSize: Size {
        Size(
            width: titleWidth() + Self.trackSize.width + contentInsets.horizontal,
            height: Self.trackSize.height + contentInsets.vertical)
    }

    private func flip() {
        let target = !isOn
        isOn = target
        knobPosition = target ? 0 : 1
        if let window {
            window.animate(
                AnimationKey(self, "knob"), from: knobPosition, to: target ? 1.0 : 0.0,
                animation: Animation(duration: .milliseconds(150), curve: .easeOut)
            ) { [weak self] in
                self?.knobPosition = $0
                self?.setNeedsDisplay()
            }
        } else {
            knobPosition = target ? 1 : 0
        }
        onChange?(target)
    }

    open override func draw(in context: borrowing DrawingContext) {
        let palette = theme.palette
        let track = Self.trackSize
        let trackRect = Rect(
            x: bounds.width - contentInsets.right - track.width, y: (bounds.height - track.height) / 2,
            width: track.width, height: track.height)
        if !title.isEmpty {
            let titleRect = Rect(
                x: contentInsets.left, y: 0, width: max(0, trackRect.minX - contentInsets.left - 8),
                height: bounds.height)
            context.drawText(title, in: titleRect, font: font, color: stateColor(palette.primaryText), wraps: false)
        }
        let on = palette.accent
        let off = palette.track
        context.fill(
            .roundedRect(trackRect, cornerRadius: track.height / 2),
            color: stateColor(off.interpolated(to: on, fraction: knobPosition)))
        let radius = track.height / 2 - 3
        let x = trackRect.minX + 3 + radius + (track.width - 6 - 2 * radius) * knobPosition
        // The knob is drawn like text on the accent: white by day, a dimmer tint at night.
        context.fill(
            .circle(center: Point(x: x, y: trackRect.center.y), radius: radius), color: stateColor(palette.onAccent))
    }
}
