import Logging
import SDLRPC

/// Notifications to the app's subscribers, bounded: a hostile or broken head unit may send them without end.
extension SDLSession {
    /// What each ``notifications()`` stream keeps for a reader that is behind.
    public static let notificationBuffer = 1_024
    /// The most bytes of notifications (JSON and bulk data) each ``notifications()`` stream keeps for a reader that
    /// is behind: by count alone, 1 MiB notifications held about 290 MiB. A notification that does not fit is not
    /// handed to that reader, and is counted in ``droppedNotifications`` and logged as any other loss.
    public static let notificationBufferBytes = 8 << 20

    /// Notifications that a subscriber's full buffer lost, since the session was made (each subscriber counts).
    public nonisolated var droppedNotifications: Int { notificationEvents.droppedCount }

    /// Hands `message` to the subscribers; the first loss, and every 1024th after it, is logged with the count.
    func publish(_ message: RPCNotificationMessage) {
        let before = notificationEvents.droppedCount
        notificationEvents.send(message)
        let after = notificationEvents.droppedCount
        guard after > before else { return }
        if before == 0 || after / Self.notificationBuffer > before / Self.notificationBuffer {
            logger.warning(
                "a notification reader is behind: the oldest notifications are dropped",
                metadata: ["dropped": "\(after)", "function": "\(message.functionID)"])
        }
    }
}
