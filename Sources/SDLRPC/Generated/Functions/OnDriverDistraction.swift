// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// Provides driver distraction state to mobile applications
///
/// The `OnDriverDistraction` notification, function id 32775 (0x8007).
public struct OnDriverDistraction: RPCNotification, Hashable {
    public static let functionID = FunctionID.onDriverDistraction

    /// Current State of Driver Distraction
    public var state: DriverDistractionState

    /// If enabled, the lock screen will be able to be dismissed while connected to SDL, allowing users the ability to
    /// interact with the app. Dismissals should include a warning to the user and ensure that they are not the driver.
    public var lockScreenDismissalEnabled: Bool?

    /// Warning message to be displayed on the lock screen when dismissal is enabled. This warning should be used to
    /// ensure that the user is not the driver of the vehicle, ex. `Swipe down to dismiss, acknowledging that you are
    /// not the driver.`. This parameter must be present if "lockScreenDismissalEnabled" is set to true.
    public var lockScreenDismissalWarning: String?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        state: DriverDistractionState,
        lockScreenDismissalEnabled: Bool? = nil,
        lockScreenDismissalWarning: String? = nil
    ) {
        self.state = state
        self.lockScreenDismissalEnabled = lockScreenDismissalEnabled
        self.lockScreenDismissalWarning = lockScreenDismissalWarning
    }
}
