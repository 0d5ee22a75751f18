// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Contains information about a button's capabilities. NOTE: Multiple button capabilities can exist for the same
/// ButtonName with different module ids. The module Id for a button should match the module id for a "primary" module
/// type, such as a climate module or a radio module. Whichever module the id matches the button's id is the module the
/// button will control.
public struct ButtonCapabilities: Codable, Hashable, Sendable {
    /// The name of the button. See ButtonName.
    public var name: ButtonName

    /// Information about an RC module, including its id.
    public var moduleInfo: ModuleInfo?

    /// The button supports a short press. Whenever the button is pressed short, onButtonPressed( SHORT) will be
    /// invoked.
    public var shortPressAvailable: Bool

    /// The button supports a LONG press. Whenever the button is pressed long, onButtonPressed( LONG) will be invoked.
    public var longPressAvailable: Bool

    /// The button supports "button down" and "button up". Whenever the button is pressed, onButtonEvent( DOWN) will be
    /// invoked. Whenever the button is released, onButtonEvent( UP) will be invoked.
    public var upDownAvailable: Bool

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        name: ButtonName,
        moduleInfo: ModuleInfo? = nil,
        shortPressAvailable: Bool,
        longPressAvailable: Bool,
        upDownAvailable: Bool
    ) {
        self.name = name
        self.moduleInfo = moduleInfo
        self.shortPressAvailable = shortPressAvailable
        self.longPressAvailable = longPressAvailable
        self.upDownAvailable = upDownAvailable
    }
}
