public import CarWindow
import SDLRPC

/// The demo app: the navigation screen with a destination search and a settings sheet on top, opened with
/// animated transitions, and the day/night theme (the settings' choice, or the car's light sensor through the
/// projection).
///
/// ```swift
/// let app = DemoAppScreen()
/// try app.install(in: window)
/// app.showSearch()               // fades the search in over 250 ms
/// ```
@CarWindowActor
public final class DemoAppScreen {
    public let navigation = NavigationScreen()
    public let settings = DemoSettings()
    public let rootView = OverlayView(insets: EdgeInsets(all: 16))
    public let searchButton = Button(title: "Search", font: Font(size: 18, weight: .bold))
    public let settingsButton = Button(title: "Settings", font: Font(size: 18, weight: .bold))
    public let summaryLabel = ChromeLabel(font: Font(size: 14, weight: .bold))
    public let search = DestinationSearchPanel()
    public let sheet: SettingsSheet
    private let toolbar: StackView

    /// How long screens take to come and go.
    public static let transition = Animation(duration: .milliseconds(250), curve: .easeInOut)

    public init() {
        sheet = SettingsSheet(settings: settings)
        for button in [searchButton, settingsButton] { button.preferredHeight = 48 }
        toolbar = StackView(axis: .horizontal, spacing: 12, arrangedSubviews: [searchButton, settingsButton])
        summaryLabel.cornerRadius = 8
        summaryLabel.insets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        rootView.addSubview(navigation.rootView, placement: .fill, ignoresInsets: true)
        rootView.addSubview(toolbar, placement: .bottomLeading)
        rootView.addSubview(summaryLabel, placement: .topLeading)
        rootView.addSubview(search, placement: .fill, ignoresInsets: true)
        rootView.addSubview(sheet, placement: .bottom)
        search.isHidden = true
        sheet.isHidden = true

        searchButton.action = { [weak self] in self?.showSearch() }
        settingsButton.action = { [weak self] in self?.showSettings() }
        search.closeButton.action = { [weak self] in self?.hideSearch() }
        sheet.doneButton.action = { [weak self] in self?.hideSettings() }
        search.onChoose = { [weak self] destination in
            self?.navigation.statusLabel.text = "To \(destination)"
            self?.hideSearch()
        }
        let settings = self.settings
        summaryLabel.observe { [weak self] in self?.summaryLabel.text = settings.summary }
        rootView.observe { [weak self] in
            let theme = Theme.standard(settings.appearance)
            if let window = self?.rootView.window, window.theme != theme { window.theme = theme }
        }
    }

    /// Shows the demo in `window` (the navigation screen's compact view stays the picture-in-picture one).
    public func install(in window: Window) throws(CarWindowError) {
        try navigation.install(in: window)
        window.rootView = rootView
        // The car's SEARCH button opens the destination search; the map's buttons go on to the navigation screen.
        let mapButtons = window.onButton
        window.onButton = { [weak self] button in
            if button.isPress, button.name == .search, let self {
                self.showSearch()
                return true
            }
            return mapButtons?(button) ?? false
        }
    }

    /// Fades the destination search in.
    public func showSearch() {
        guard search.isHidden else { return }
        search.alpha = 0
        search.isHidden = false
        rootView.animate(duration: Self.transition.duration, curve: Self.transition.curve) {
            self.search.alpha = 1
        } completion: { [weak self] finished in
            // Covered, the map and its buttons are neither drawn nor haptic rects the head unit could focus.
            if finished { self?.setMapCovered(true) }
        }
    }

    /// Fades the destination search out.
    public func hideSearch() {
        setMapCovered(false)
        rootView.animate(duration: Self.transition.duration, curve: Self.transition.curve) {
            self.search.alpha = 0
        } completion: { [weak self] finished in
            if finished { self?.search.isHidden = true }
        }
    }

    private func setMapCovered(_ covered: Bool) {
        navigation.rootView.isHidden = covered
        toolbar.isHidden = covered
        summaryLabel.isHidden = covered
    }

    /// Slides the settings sheet up from the bottom edge.
    public func showSettings() {
        guard sheet.isHidden else { return }
        sheet.isHidden = false
        rootView.layoutIfNeeded()
        let shown = sheet.frame
        sheet.frame.origin.y = rootView.bounds.height
        rootView.animate(duration: Self.transition.duration, curve: Self.transition.curve) {
            self.sheet.frame = shown
        }
    }

    /// Slides the settings sheet down and hides it.
    public func hideSettings() {
        let hidden = Rect(origin: Point(x: sheet.frame.minX, y: rootView.bounds.height), size: sheet.frame.size)
        rootView.animate(duration: Self.transition.duration, curve: Self.transition.curve) {
            self.sheet.frame = hidden
        } completion: { [weak self] finished in
            guard let self, finished else { return }
            self.sheet.isHidden = true
            self.rootView.setNeedsLayout()
        }
    }
}
