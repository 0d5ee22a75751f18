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

/// The inputs every media service shares: an enum with a `service(MediaServiceAnswer)` case satisfies this directly.
///
/// ```swift
/// let input: VideoStreamInput = .service(.endServiceAnswered(attempt: 2))
/// ```
public protocol MediaServiceInput: Sendable {
    /// An answer of the head unit or the session to the service.
    static func service(_ answer: MediaServiceAnswer) -> Self
}
