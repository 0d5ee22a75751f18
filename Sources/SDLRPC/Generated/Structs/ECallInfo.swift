// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct ECallInfo: Codable, Hashable, Sendable {
    /// References signal "eCallNotification_4A". See VehicleDataNotificationStatus.
    public var eCallNotificationStatus: VehicleDataNotificationStatus

    /// References signal "eCallNotification". See VehicleDataNotificationStatus.
    public var auxECallNotificationStatus: VehicleDataNotificationStatus

    /// References signal "eCallConfirmation". See ECallConfirmationStatus.
    public var eCallConfirmationStatus: ECallConfirmationStatus

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        eCallNotificationStatus: VehicleDataNotificationStatus,
        auxECallNotificationStatus: VehicleDataNotificationStatus,
        eCallConfirmationStatus: ECallConfirmationStatus
    ) {
        self.eCallNotificationStatus = eCallNotificationStatus
        self.auxECallNotificationStatus = auxECallNotificationStatus
        self.eCallConfirmationStatus = eCallConfirmationStatus
    }
}
