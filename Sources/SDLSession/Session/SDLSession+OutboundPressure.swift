extension SDLSession {
    /// The writer's back-pressure now: bytes queued and not yet taken by the transport, how long the oldest has
    /// waited, how long each service's last message waited, and the link's rate as the transport last measured it
    /// (``OutboundPressure/deliveryRate``). Read it as often as needed; it costs a dictionary copy.
    ///
    /// ```swift
    /// let pressure = await session.outboundPressure
    /// print(pressure.queuedBytes, pressure.oldestWait, pressure.lastWait(on: .video) ?? .zero)
    /// ```
    public var outboundPressure: OutboundPressure {
        var pressure = outboundPressureTracker.snapshot(at: .now)
        pressure.deliveryRate = connection?.deliveryRate
        pressure.linkHoldBack = connection?.linkHoldBack
        return pressure
    }
}
