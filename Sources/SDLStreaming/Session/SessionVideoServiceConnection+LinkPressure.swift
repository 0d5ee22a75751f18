import SDLSession
import SDLWire

extension SessionVideoServiceConnection {
    /// The session's outbound back-pressure, as the bitrate controller reads it: see `SDLSession.outboundPressure`.
    /// Video moved to a secondary transport is written outside that queue, so there it reads as an idle link.
    public func linkPressure() async -> LinkPressure? {
        let pressure = await session.outboundPressure
        return LinkPressure(
            queuedBytes: pressure.queuedBytes, oldestWait: pressure.oldestWait,
            lastWait: pressure.lastWait(on: .video) ?? .zero, messagesTaken: pressure.messagesTaken(on: .video),
            deliveryRate: pressure.deliveryRate?.bitsPerSecond,
            deliveryMeasurements: pressure.deliveryRate?.measurements ?? 0,
            linkWaited: pressure.linkHoldBack?.waited, isWaitingForLink: pressure.linkHoldBack?.isWaiting ?? false)
    }
}
