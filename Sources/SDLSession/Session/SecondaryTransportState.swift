import SDLWire

/// The secondary transport's part of the session: where the head unit announced it, the link, and which transport
/// each streaming service runs on. Owned by the ``SDLSession`` actor.
///
/// ```
///  idle --address, TCP_WIFI offered, HMI not NONE--> connecting --ACK--> registered
///   ^                                                    |  NAK/timeout/close        | close/new address
///   +---- retry delay ---- waitingToRetry <--------------+---------------------------+
/// ```
struct SecondaryTransportState {
    enum Phase: Equatable {
        case idle
        case connecting(generation: Int)
        case registered(generation: Int)
        case waitingToRetry
    }

    var phase: Phase = .idle
    /// From the last TransportEventUpdate; `nil` when none came or it was withdrawn.
    var host: String?
    var port: Int?
    var connection: (any SDLConnection)?
    var task: Task<Void, Never>?
    var timer: Task<Void, Never>?
    /// Counts connection attempts, so a stale timer or a late close of an old link does nothing.
    var generation = 0
    /// Set when the session closes the link on purpose (withdrawn, new address): no error, no retry delay.
    var closingOnPurpose = false
    /// The transport (1 primary, 2 secondary, PS §4.6) each started or starting streaming service uses.
    var placement: [ServiceType: Int] = [:]

    var isRegistered: Bool {
        if case .registered = phase { return true }
        return false
    }

    /// Whether `generation` is the current attempt.
    func isCurrent(_ candidate: Int) -> Bool {
        switch phase {
        case .connecting(let generation), .registered(let generation): generation == candidate
        default: false
        }
    }
}
