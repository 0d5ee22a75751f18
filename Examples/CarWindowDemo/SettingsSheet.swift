public import CarWindow

/// The demo's settings sheet: a `Toggle`, a `Slider` and a `SegmentedControl` writing ``DemoSettings``.
@CarWindowActor
public final class SettingsSheet: StackView {
    public let tolls = Toggle(title: "Avoid tolls")
    public let detail = Slider(value: 0.6)
    public let appearance = SegmentedControl(segments: ["Day", "Night"], selectedIndex: 0)
    public let doneButton = Button(title: "Done")

    public init(settings: DemoSettings) {
        super.init(axis: .vertical, spacing: 12, insets: EdgeInsets(all: 20))
        let title = Label(text: "Settings", font: Font(size: 24, weight: .bold))
        doneButton.preferredHeight = 52
        for view in [title, tolls, detail, appearance, doneButton] { addSubview(view) }
        preferredHeight = 380
        cornerRadius = 16
        tolls.onChange = { settings.avoidTolls = $0 }
        detail.onChange = { settings.detail = $0 }
        appearance.onChange = { settings.appearance = $0 == 0 ? .day : .night }
        // The controls show the model, whoever changed it.
        tolls.observe { [weak self] in self?.tolls.isOn = settings.avoidTolls }
        detail.observe { [weak self] in self?.detail.value = settings.detail }
        appearance.observe { [weak self] in self?.appearance.selectedIndex = settings.appearance == .day ? 0 : 1 }
    }

    public override var currentBackgroundColor: Color { theme.palette.surface }
}
