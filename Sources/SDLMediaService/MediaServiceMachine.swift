/// A media service's pure lifecycle: it takes one input at a time and answers with the actions its owner must
/// carry out, in order. `VideoStreamStateMachine` and `AudioStreamStateMachine` are the two; the
/// ``MediaServiceHost`` engine runs either the same way.
///
/// ```swift
/// var machine = AudioStreamStateMachine(format: .default)
/// let actions = machine.handle(.hmiLevel(.full))   // [.startService(attempt: 1), ...]
/// print(machine.status)                            // .starting
/// ```
public protocol MediaServiceMachine: Sendable {
    associatedtype Input: MediaServiceInput
    associatedtype Action: Sendable
    /// What a watcher of the service sees: it is published whenever it changes.
    associatedtype Status: Hashable & Sendable

    /// The status now.
    var status: Status { get }

    /// Moves the lifecycle by one input and returns what to do, in order.
    mutating func handle(_ input: Input) -> [Action]
}

/// The inputs every media service shares: the answer to its EndService and what the session reports on its own.
/// An enum's cases satisfy these requirements directly.
///
/// ```swift
/// let input: VideoStreamInput = .endServiceAnswered(attempt: 2)
/// ```
public protocol MediaServiceInput: Sendable {
    /// The head unit answered EndService number `attempt` (an ACK or a NAK: either way the service is gone).
    static func endServiceAnswered(attempt: Int) -> Self
    /// The head unit ended the service itself.
    static var headUnitEndedService: Self { get }
    /// The session ended the service to run it on another transport.
    static var serviceMoved: Self { get }
    /// The transport closed.
    static var transportClosed: Self { get }
}
