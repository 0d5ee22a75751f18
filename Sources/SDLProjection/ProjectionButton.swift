public import SDLRPC
public import SDLSession

/// One hardware button event from the head unit, for a button the run subscribed to
/// (``ProjectionOptions/buttons``): OnButtonEvent's down and up, and OnButtonPress's short and long press, as one
/// type, in the order the head unit sent them.
///
/// A short press arrives as `.down`, `.up`, `.shortPress`; a long one as `.down`, `.longPress` (while held), `.up`.
/// Act on the presses; the down and up are for controls that repeat while held.
///
/// ```swift
/// func received(_ button: ProjectionButton) async {
///     if button == ProjectionButton(.navZoomIn, .shortPress) { await map.zoom(by: 2) }
/// }
/// ```
public struct ProjectionButton: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the button.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// OnButtonEvent BUTTONDOWN.
        case down
        /// OnButtonEvent BUTTONUP.
        case up
        /// OnButtonPress SHORT.
        case shortPress
        /// OnButtonPress LONG.
        case longPress
    }

    public var name: ButtonName
    public var action: Action

    public init(_ name: ButtonName, _ action: Action) {
        self.name = name
        self.action = action
    }

    /// Whether this is a press (short or long), the event most controls act on.
    public var isPress: Bool { action == .shortPress || action == .longPress }

    public var description: String { "\(name) \(action.rawValue)" }
}

extension ProjectionButton {
    /// The button event in an OnButtonEvent or OnButtonPress notification; `nil` for any other notification.
    ///
    /// - Throws: the decoding error of a button notification that does not decode, or whose mode the spec does not
    ///   name.
    public init?(_ notification: RPCNotificationMessage) throws {
        switch notification.functionID {
        case .onButtonEvent:
            let event = try notification.decode(OnButtonEvent.self)
            switch event.buttonEventMode {
            case .buttondown: self.init(event.buttonName, .down)
            case .buttonup: self.init(event.buttonName, .up)
            default: throw ProjectionButtonError(mode: event.buttonEventMode.rawValue)
            }
        case .onButtonPress:
            let press = try notification.decode(OnButtonPress.self)
            switch press.buttonPressMode {
            case .short: self.init(press.buttonName, .shortPress)
            case .long: self.init(press.buttonName, .longPress)
            default: throw ProjectionButtonError(mode: press.buttonPressMode.rawValue)
            }
        default:
            return nil
        }
    }
}

/// A button notification whose mode the spec does not name.
struct ProjectionButtonError: Error, CustomStringConvertible {
    var mode: String
    var description: String { "a button mode the spec does not name: '\(mode)'" }
}
