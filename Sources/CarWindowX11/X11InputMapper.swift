package import CarWindow
import Foundation
import SDLRPC

/// Turns gestures (viewport coordinates) into XTEST pointer and key events: a pure state machine whose output is
/// a list of ``Action``s, so the mapping is tested without an X server.
///
/// ```swift
/// var mapper = X11InputMapper(options: ProgramInputOptions())
/// mapper.actions(for: .singleTap(at: Point(x: 10, y: 20)))
/// // [.move(10, 20), .button(1, pressed: true), .button(1, pressed: false)]
/// ```
package struct X11InputMapper: Sendable {
    package enum Action: Hashable, Sendable {
        case move(Point)
        case button(UInt8, pressed: Bool)
        case control(pressed: Bool)
        /// A key by keysym (a button mapping's, ``ProgramInputOptions/buttons``).
        case key(UInt32, pressed: Bool)
    }

    package let options: ProgramInputOptions
    private var dragging = false
    private var controlDown = false
    private var scrollRemainder = Point.zero
    private var zoomRemainder = 0.0
    /// Whether the last gesture was a tap, clicked already: a double tap that follows it (taps reported at once,
    /// ``X11Application/gestureConfiguration``) adds its second click only.
    private var tapClicked = false

    package init(options: ProgramInputOptions) {
        self.options = options
    }

    package mutating func actions(for gesture: Gesture) -> [Action] {
        let afterTap = tapClicked
        tapClicked = false
        switch gesture {
        case .singleTap(let point):
            tapClicked = true
            return [.move(point)] + click()
        case .doubleTap(let point):
            return [.move(point)] + click() + (afterTap ? [] : click())
        case .panBegan(let point):
            scrollRemainder = .zero
            guard options.pan == .drag else { return [.move(point)] }
            dragging = true
            return [.move(point), .button(1, pressed: true)]
        case .panMoved(let from, let to):
            if options.pan == .drag { return dragging ? [.move(to)] : [] }
            return scroll(by: to - from)
        case .panEnded(let point):
            guard dragging else { return [] }
            dragging = false
            return [.move(point), .button(1, pressed: false)]
        case .pinchBegan(let center):
            zoomRemainder = 0
            var actions = releaseAll()
            if options.pinch == .ctrlScroll { actions.append(.move(center)) }
            return actions
        case .pinchMoved(let center, let scale):
            guard options.pinch == .ctrlScroll, scale > 0, scale.isFinite else { return [] }
            zoomRemainder += log(scale) / log(options.zoomStep)
            let steps = Int(zoomRemainder.rounded(.towardZero))
            guard steps != 0 else { return [] }
            zoomRemainder -= Double(steps)
            var actions: [Action] = [.move(center)]
            if !controlDown {
                controlDown = true
                actions.append(.control(pressed: true))
            }
            // Wheel up (4) zooms in, as Ctrl+scroll up does in browsers and viewers.
            for _ in 0..<abs(steps) { actions += wheel(steps > 0 ? 4 : 5) }
            return actions
        case .pinchEnded, .cancelled:
            return releaseAll()
        }
    }

    /// The key stroke mapped to a head-unit button, on its press (short or long; the down and up events are the
    /// press's parts). `nil` for a button with no mapping, which the program does not take.
    package func actions(for button: ProjectionButton) -> [Action]? {
        guard let stroke = options.buttons[ButtonName(button.name)] else { return nil }
        guard button.isPress else { return [] }
        var actions = stroke.modifiers.map { Action.key($0, pressed: true) }
        switch stroke.key {
        case .keysym(let keysym): actions += [.key(keysym, pressed: true), .key(keysym, pressed: false)]
        case .wheel(let button): actions += wheel(button)
        }
        return actions + stroke.modifiers.reversed().map { Action.key($0, pressed: false) }
    }

    private func click() -> [Action] { [.button(1, pressed: true), .button(1, pressed: false)] }

    private func wheel(_ button: UInt8) -> [Action] {
        [.button(button, pressed: true), .button(button, pressed: false)]
    }

    /// A finger moving up scrolls the content up: what lies below comes into view, as on a phone (wheel down).
    private mutating func scroll(by delta: Point) -> [Action] {
        scrollRemainder = scrollRemainder + delta
        var actions: [Action] = []
        let vertical = Int((scrollRemainder.y / options.scrollStep).rounded(.towardZero))
        let horizontal = Int((scrollRemainder.x / options.scrollStep).rounded(.towardZero))
        for _ in 0..<abs(vertical) { actions += wheel(vertical < 0 ? 5 : 4) }
        for _ in 0..<abs(horizontal) { actions += wheel(horizontal < 0 ? 7 : 6) }
        scrollRemainder = Point(
            x: scrollRemainder.x - Double(horizontal) * options.scrollStep,
            y: scrollRemainder.y - Double(vertical) * options.scrollStep)
        return actions
    }

    /// Whatever is pressed is released (cancel, or a pan turning into a pinch).
    private mutating func releaseAll() -> [Action] {
        var actions: [Action] = []
        if dragging {
            dragging = false
            actions.append(.button(1, pressed: false))
        }
        if controlDown {
            controlDown = false
            actions.append(.control(pressed: false))
        }
        return actions
    }
}
