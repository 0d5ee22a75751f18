public import ProjectionInput
public import SDLRPC
public import SDLSession

extension ProjectionButton {
    /// The button event in an OnButtonEvent or OnButtonPress notification; `nil` for any other notification.
    ///
    /// ```swift
    /// if let button = try ProjectionButton(notification) { print(button) }   // NAV_ZOOM_IN shortPress
    /// ```
    ///
    /// - Throws: the decoding error of a button notification that does not decode, or whose mode the spec does not
    ///   name.
    public init?(_ notification: RPCNotificationMessage) throws {
        switch notification.functionID {
        case .onButtonEvent:
            let event = try notification.decode(OnButtonEvent.self)
            switch event.buttonEventMode {
            case .buttondown: self.init(Name(event.buttonName), .down)
            case .buttonup: self.init(Name(event.buttonName), .up)
            default: throw ProjectionButtonError(mode: event.buttonEventMode.rawValue)
            }
        case .onButtonPress:
            let press = try notification.decode(OnButtonPress.self)
            switch press.buttonPressMode {
            case .short: self.init(Name(press.buttonName), .shortPress)
            case .long: self.init(Name(press.buttonName), .longPress)
            default: throw ProjectionButtonError(mode: press.buttonPressMode.rawValue)
            }
        default:
            return nil
        }
    }
}

extension ProjectionButton.Name {
    /// The spec's button name, as the projection's button type carries it.
    ///
    /// ```swift
    /// ProjectionButton.Name(ButtonName.navZoomIn) == .navZoomIn   // true
    /// ```
    public init(_ name: ButtonName) {
        self.init(rawValue: name.rawValue)
    }
}

extension ButtonName {
    /// The spec's button name for a projection button's (to subscribe to it, or to send it from a head unit).
    ///
    /// ```swift
    /// ButtonName(ProjectionButton.Name.ok) == .ok   // true
    /// ```
    public init(_ name: ProjectionButton.Name) {
        self.init(rawValue: name.rawValue)
    }
}

/// A button notification whose mode the spec does not name.
struct ProjectionButtonError: Error, CustomStringConvertible {
    var mode: String
    var description: String { "a button mode the spec does not name: '\(mode)'" }
}
