package import Logging

/// The engine that runs a media service: one control loop, one run group, one rule for inputs raised while actions
/// run, and the head unit's own events turned into inputs. `VideoStreamManager` and `AudioStreamManager` conform
/// and supply only what differs: how an action is carried out, how the service is started, and their payload loop
/// (frames or paced PCM).
///
/// ```
///  host inputs, answers, service events ─▶ handle ─▶ machine ─▶ actions ─▶ execute (the manager's)
///                                                   ▲                       ├─ engine.enqueue ─▶ control loop
///                                                   └── inputs it raised ───┘  (start, end, ack, notify)
///  runEngine(): control loop │ runPayload() │ serviceEvents() ─▶ handle      statuses() ◀─ status after each input
/// ```
///
/// ```swift
/// extension AudioStreamManager: MediaServiceHost {
///     package func execute(_ action: AudioStreamAction) -> [AudioStreamInput] { ... }
///     package func runPayload() async { await runPlayback() }
///     ...
/// }
/// public func run() async { await runEngine() }
/// ```
package protocol MediaServiceHost: Actor {
    associatedtype Machine: MediaServiceMachine
    associatedtype Request: Sendable
    associatedtype Notice: Sendable
    associatedtype Event: Sendable

    var engine: MediaServiceEngine<Machine, Request, Notice, Event> { get set }
    var logger: Logger { get }

    /// Carries out one action; returns the inputs it raised (an encoder that failed), handled once every action of
    /// the current input has run, so events keep their order.
    func execute(_ action: Machine.Action) -> [Machine.Input]
    /// Sends StartService and turns its answer, or its failure, into the input that reports it.
    func startService(attempt: Int, _ request: Request) async -> Machine.Input
    /// Sends EndService and waits for its answer.
    func endService() async throws
    /// Answers the head unit's EndService.
    func acknowledgeEndService() async throws
    /// Sends a notification of the service.
    func notify(_ notice: Notice) async throws
    /// Waits until payload already on its way has gone: nothing may follow our own EndService.
    func payloadSettled() async
    /// The loop that sends the service's payload, until the task is cancelled.
    func runPayload() async
    /// The head unit's own events; called once per run.
    func serviceEvents() -> AsyncStream<MediaServiceEvent>
    /// Called after each input and everything it raised was handled.
    func inputsHandled()
    /// Called once the run group has ended, before the streams finish.
    func runEnded()
}

extension MediaServiceHost {
    package func payloadSettled() async {}
    package func inputsHandled() {}
    package func runEnded() {}

    /// Hands `input` to the machine and executes its actions; inputs the actions raise are handled after them, in
    /// order. The status is published once everything settled.
    package func handle(_ input: Machine.Input) {
        var pending = [input]
        while !pending.isEmpty {
            let actions = engine.machine.handle(pending.removeFirst())
            for action in actions {
                pending.append(contentsOf: execute(action))
            }
        }
        inputsHandled()
        engine.publishStatus()
    }

    /// Runs the control loop, the payload loop and the head unit's events until the calling task is cancelled.
    /// A manager runs once: a second call is logged and returns at once (two payload loops would interleave).
    package func runEngine() async {
        guard !engine.hasRun else {
            logger.error("\(engine.name) manager run() called twice; ignored")
            return
        }
        engine.hasRun = true
        engine.isRunning = true
        let events = serviceEvents()
        await withDiscardingTaskGroup { group in
            group.addTask { await self.runControl() }
            group.addTask { await self.runPayload() }
            group.addTask {
                for await event in events {
                    await self.serviceEvent(event)
                }
            }
        }
        engine.isRunning = false
        runEnded()
        engine.finish()
    }

    private func serviceEvent(_ event: MediaServiceEvent) {
        switch event {
        case .headUnitEndedService: handle(.service(.headUnitEndedService))
        case .serviceMoved(let transport):
            logger.info("\(engine.name) moves to another transport", metadata: ["transport": "\(transport)"])
            handle(.service(.serviceMoved))
        case .transportClosed: handle(.service(.transportClosed))
        }
    }

    private func runControl() async {
        let name = engine.name
        for await job in engine.control {
            switch job {
            case .startService(let attempt, let request):
                logger.debug("\(name) StartService", metadata: ["attempt": "\(attempt)", "request": "\(request)"])
                handle(await startService(attempt: attempt, request))
            case .endService(let attempt):
                logger.debug("\(name) EndService", metadata: ["attempt": "\(attempt)"])
                await payloadSettled()
                do {
                    try await endService()
                } catch {
                    logger.warning("\(name) EndService failed", metadata: ["error": "\(error)"])
                }
                handle(.service(.endServiceAnswered(attempt: attempt)))
            case .acknowledgeEndService:
                do {
                    try await acknowledgeEndService()
                } catch {
                    logger.warning("\(name) EndServiceACK failed", metadata: ["error": "\(error)"])
                }
            case .notify(let notice):
                do {
                    try await notify(notice)
                } catch {
                    logger.warning("\(name) notification failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
