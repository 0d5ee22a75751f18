public import CarWindow
import SDLRPC

/// A sample navigation screen, used by the demo: a map that pans and pinch-zooms, zoom in / zoom out / recenter
/// buttons, a status label (zoom level and last gesture), and a compact variant for picture-in-picture.
///
/// ```swift
/// let screen = NavigationScreen()
/// screen.install(in: window)      // root, compact root (below 400x300) and preferred focus
/// screen.advance(by: 0.002)       // move the vehicle along the route; the next frame is dirty
/// ```
@CarWindowActor
public final class NavigationScreen {
    public let rootView: OverlayView
    public let compactRootView: OverlayView
    public let map = MapCanvas()
    public let compactMap = MapCanvas()
    public let zoomInButton = Button(title: "+", font: Font(size: 28, weight: .bold))
    public let zoomOutButton = Button(title: "−", font: Font(size: 28, weight: .bold))
    public let recenterButton = Button(title: "Recenter", font: Font(size: 18, weight: .bold))
    public let statusLabel = ChromeLabel(font: Font(size: 18, weight: .bold))
    public let compactLabel = ChromeLabel(font: Font(size: 14, weight: .bold))

    /// The last gesture's log name, shown in the status label.
    public private(set) var lastGesture = "none"

    /// Viewports narrower or lower than this use the compact root: the window's default threshold.
    public static let compactThreshold = Window.Configuration.defaultCompactThreshold

    public init() {
        rootView = OverlayView(insets: EdgeInsets(all: 16))
        compactRootView = OverlayView(insets: EdgeInsets(all: 6))

        for button in [zoomInButton, zoomOutButton] {
            button.preferredWidth = 64
            button.preferredHeight = 64
        }
        recenterButton.preferredHeight = 48
        let zoomStack = StackView(
            axis: .vertical, spacing: 12, alignment: .trailing, arrangedSubviews: [zoomInButton, zoomOutButton])
        statusLabel.cornerRadius = 10
        statusLabel.insets = EdgeInsets(top: 8, left: 14, bottom: 8, right: 14)
        statusLabel.alignment = .center

        rootView.addSubview(map, placement: .fill, ignoresInsets: true)
        rootView.addSubview(statusLabel, placement: .top)
        rootView.addSubview(zoomStack, placement: .trailing)
        rootView.addSubview(recenterButton, placement: .bottomTrailing)

        compactMap.showsLabels = false
        compactLabel.cornerRadius = 6
        compactLabel.insets = EdgeInsets(top: 3, left: 8, bottom: 3, right: 8)
        compactRootView.addSubview(compactMap, placement: .fill, ignoresInsets: true)
        compactRootView.addSubview(compactLabel, placement: .bottomLeading)

        zoomInButton.action = { [weak self] in self?.zoom(by: 2, label: "zoomIn") }
        zoomOutButton.action = { [weak self] in self?.zoom(by: 0.5, label: "zoomOut") }
        recenterButton.action = { [weak self] in self?.recenter() }
        for canvas in [map, compactMap] {
            canvas.gestureHandler = { [weak self] gesture in self?.handle(gesture) ?? false }
        }
        updateStatus()
    }

    /// Shows the screen in `window`: root, compact root, threshold and the zoom-in button as preferred focus.
    public func install(in window: Window) throws(CarWindowError) {
        var configuration = window.configuration
        configuration.compactThreshold = Self.compactThreshold
        try window.update(configuration: configuration)
        window.rootView = rootView
        window.compactRootView = compactRootView
        window.preferredFocusView = zoomInButton
        window.onButton = { [weak self] button in self?.handle(button) ?? false }
    }

    /// The car's map buttons: NAV_ZOOM_IN and NAV_ZOOM_OUT zoom both maps by 2 around the centre,
    /// NAV_CENTER_LOCATION recentres on the vehicle. Returns whether it acted.
    public func handle(_ button: ProjectionButton) -> Bool {
        guard button.isPress else { return false }
        switch button.name {
        case .navZoomIn: zoom(by: 2, label: "NAV_ZOOM_IN")
        case .navZoomOut: zoom(by: 0.5, label: "NAV_ZOOM_OUT")
        case .navCenterLocation: recenter()
        default: return false
        }
        return true
    }

    /// The camera both maps share.
    public var camera: MapCamera { map.camera }

    /// Moves the vehicle along the route (wrapping at the end): the changing content of the demo.
    public func advance(by progress: Double) {
        let next = (map.vehicleProgress + progress).truncatingRemainder(dividingBy: 1)
        map.vehicleProgress = next
        compactMap.vehicleProgress = next
    }

    /// Zooms about the centre of the map.
    public func zoom(by factor: Double, label: String) {
        var camera = map.camera
        camera.zoom(by: factor, around: map.bounds.center, in: map.bounds.size)
        setCamera(camera, gesture: label)
    }

    /// Puts the vehicle back in the centre at zoom 1.
    public func recenter() {
        setCamera(MapCamera(center: map.vehiclePosition, zoom: 1), gesture: "recenter")
    }

    /// Applies a map gesture; returns true when handled.
    public func handle(_ gesture: Gesture) -> Bool {
        var camera = map.camera
        switch gesture {
        case .panMoved(let from, let to):
            camera.pan(from: from, to: to)
        case .pinchMoved(let center, let scale):
            camera.zoom(by: scale, around: map.convertFromWindow(center), in: map.bounds.size)
        case .doubleTap(let point):
            camera.zoom(by: 2, around: map.convertFromWindow(point), in: map.bounds.size)
        case .singleTap, .panBegan, .panEnded, .pinchBegan, .pinchEnded, .cancelled:
            break
        }
        setCamera(camera, gesture: gesture.kind)
        return true
    }

    private func setCamera(_ camera: MapCamera, gesture: String) {
        map.camera = camera
        compactMap.camera = camera
        lastGesture = gesture
        updateStatus()
    }

    private func updateStatus() {
        let zoom = map.camera.zoom
        let zoomText = zoom >= 1 ? "\(Int(zoom.rounded()))×" : "1/\(Int((1 / zoom).rounded()))×"
        statusLabel.text = "Zoom \(zoomText) · last: \(lastGesture)"
        compactLabel.text = "Zoom \(zoomText)"
    }
}
