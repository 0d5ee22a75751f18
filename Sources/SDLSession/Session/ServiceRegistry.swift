import SDLWire

/// Which media services run, and on which transport (``TransportSlot``, PS §4.6): a value the ``SDLSession``
/// actor owns. A service is placed when its StartService goes out, runs once acknowledged, and ends in one place,
/// ``end(_:)``, whoever ended it: the app, the head unit, or the secondary transport going away.
///
/// ```swift
/// var services = ServiceRegistry()
/// services.place(.video, on: .secondary)            // StartService sent on the secondary
/// services.started(.video)                 // StartServiceACK
/// services.end(.video)                     // Ending(wasRunning: true, transport: .secondary)
/// ```
struct ServiceRegistry: Sendable {
    /// What ending a service found.
    struct Ending: Equatable, Sendable {
        /// The service was acknowledged and not ended yet.
        var wasRunning: Bool
        /// The transport it was placed on.
        var transport: TransportSlot
    }

    /// Media services the head unit acknowledged and nobody ended yet. The RPC service is never listed: it runs for
    /// as long as the session does.
    private(set) var running: Set<ServiceType> = []
    /// The transport each started or starting media service uses.
    private(set) var placement: [ServiceType: TransportSlot] = [:]

    /// The transport `service` uses: where it was placed, else the primary.
    func transport(of service: ServiceType) -> TransportSlot { placement[service] ?? .primary }

    func isRunning(_ service: ServiceType) -> Bool { running.contains(service) }

    /// The services placed on `transport`, in service order.
    func services(on transport: TransportSlot) -> [ServiceType] {
        placement.filter { $0.value == transport }.map(\.key).sorted()
    }

    /// A StartService for `service` goes out on `transport`.
    mutating func place(_ service: ServiceType, on transport: TransportSlot) {
        guard service != .rpc else { return }
        placement[service] = transport
    }

    /// A StartService that could not be sent: the service is not placed anywhere.
    mutating func unplace(_ service: ServiceType) {
        placement[service] = nil
    }

    /// StartServiceACK for `service`.
    mutating func started(_ service: ServiceType) {
        guard service != .rpc else { return }
        running.insert(service)
    }

    /// The one place a service ends: it no longer runs and is placed nowhere.
    @discardableResult
    mutating func end(_ service: ServiceType) -> Ending {
        let wasRunning = running.remove(service) != nil
        let transport = placement.removeValue(forKey: service) ?? .primary
        return Ending(wasRunning: wasRunning, transport: transport)
    }

    /// Whether `service` runs on the primary although the head unit now prefers the secondary for it. Protected
    /// services stay on the primary: their TLS session is the primary's.
    func belongsOnSecondary(_ service: ServiceType, preferred: TransportSlot, isProtected: Bool) -> Bool {
        running.contains(service) && placement[service] == .primary && preferred == .secondary && !isProtected
    }

    /// The primary is gone: nothing is placed anywhere any more.
    mutating func forgetPlacements() {
        placement.removeAll()
    }
}
