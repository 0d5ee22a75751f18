package import SDLSession

/// The state every media-service manager keeps beside its own: the pure machine, the control-job queue, the wake
/// signal of its payload loop, and the two broadcasts (events, statuses). A manager holds one and conforms to
/// ``MediaServiceHost``, which runs it.
///
/// ```swift
/// var engine = MediaServiceEngine<AudioStreamStateMachine, Void, Never, AudioStreamEvent>(
///     machine: AudioStreamStateMachine(format: format), name: "audio")
/// engine.enqueue(.startService(attempt: 1, ()))
/// ```
package struct MediaServiceEngine<Machine: MediaServiceMachine, Request: Sendable, Notice: Sendable, Event: Sendable>:
    Sendable
{
    package typealias Job = MediaControlJob<Request, Notice>

    /// The lifecycle's decisions.
    package var machine: Machine
    /// "video" or "audio", for log lines.
    package let name: String
    /// Requests for the control loop, in order.
    package let control: AsyncStream<Job>
    private let controlInput: AsyncStream<Job>.Continuation
    /// Tells the payload loop (frames, PCM) to look again; extra signals fold into one.
    package let wake: AsyncStream<Void>
    package let wakeInput: AsyncStream<Void>.Continuation
    /// Every event, to each subscriber from the moment it subscribed (a slow one keeps the newest 256).
    package let events = Broadcast<Event>(replaysCurrent: false, buffering: .bufferingNewest(256))
    /// The status now first, then each change (a slow subscriber keeps the newest 256).
    package let statuses: Broadcast<Machine.Status>
    /// ``MediaServiceHost/runEngine()`` has been called: a manager runs once.
    package var hasRun = false
    /// ``MediaServiceHost/runEngine()`` is running: the payload loop is there to send.
    package var isRunning = false

    package init(machine: Machine, name: String) {
        self.machine = machine
        self.name = name
        (control, controlInput) = AsyncStream.makeStream(of: Job.self)
        (wake, wakeInput) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        statuses = Broadcast(machine.status, replaysCurrent: true, buffering: .bufferingNewest(256))
    }

    /// Queues a request for the control loop.
    package func enqueue(_ job: Job) { controlInput.yield(job) }

    /// Wakes the payload loop.
    package func wakePayload() { wakeInput.yield() }

    /// Hands an event to every subscriber.
    package func emit(_ event: Event) { events.send(event) }

    /// Publishes the machine's status when it differs from the last one published.
    package func publishStatus() {
        let status = machine.status
        if statuses.current != status { statuses.send(status) }
    }

    /// Ends every event and status stream (the current status is still replayed to a late subscriber).
    package func finish() {
        events.finish()
        statuses.finish()
    }
}
