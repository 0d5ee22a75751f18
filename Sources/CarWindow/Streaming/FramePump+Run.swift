import SDLMedia
import SDLProjection
import SDLRPC

extension FramePump {
    /// Ticks the pump on `clock` at ``StreamingConfiguration/frameRate`` until the task is cancelled, handing
    /// frames to `sink` and haptic updates to `haptics`.
    ///
    /// One child task submits frames, one sends haptic updates; each is a single ordered path with a one-slot
    /// hand-off, and the pump never renders while the sink still has a frame, so nothing queues. Ticks missed
    /// because the machine was busy are skipped, not caught up. Frame times start at zero for each run.
    /// ``tickNow()`` ticks between two ticks of the clock, when a touch changed the window.
    ///
    /// ```swift
    /// let streaming = Task { try await pump.run(on: ContinuousClock(), sink: videoManager, haptics: hapticSender) }
    /// // ... later, when the stream stops:
    /// streaming.cancel()
    /// ```
    /// - Throws: `CarWindowError` when rendering fails; the frames already submitted are not affected.
    public func run<C: Clock>(
        on clock: C, sink: some FrameSink, haptics hapticSink: (any HapticDataSink)? = nil
    ) async throws(CarWindowError) where C.Duration == Duration {
        // Each run is a new stream: its times start at zero, and it gets a first frame and the haptic rects.
        restart()
        let start = clock.now
        let period = configuration.framePeriod
        // Each frame goes with when its tick began, when it was drawn and which input asked for it.
        typealias Drawn = (
            frame: VideoFrame, started: ContinuousClock.Instant, rendered: ContinuousClock.Instant,
            requested: ContinuousClock.Instant?
        )
        let (frames, frameInput) = AsyncStream.makeStream(of: Drawn.self, bufferingPolicy: .bufferingNewest(1))
        let (updates, updateInput) = AsyncStream.makeStream(
            of: SendHapticData.self, bufferingPolicy: .bufferingNewest(1))
        var failure: CarWindowError?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var iterator = frames.makeAsyncIterator()
                while true {
                    let result: FrameSubmissionResult
                    let timing: FrameTiming
                    // The frame's scope ends before the pump hears back, so its buffer is free for the next render.
                    do {
                        guard let drawn = await iterator.next() else { return }
                        result = await sink.submit(drawn.frame)
                        timing = FrameTiming(
                            requested: drawn.requested, started: drawn.started, rendered: drawn.rendered, sent: .now)
                    }
                    await self.submissionFinished(result, timing: timing)
                }
            }
            if let hapticSink {
                group.addTask {
                    for await update in updates { await hapticSink.send(update) }
                }
            }
            var next = period
            while !Task.isCancelled {
                // The wait is a task of its own so that ``tickNow()`` can end it early; cancelling the run ends it
                // too.
                let deadline = start.advanced(by: next)
                let wait = Task { _ = try? await clock.sleep(until: deadline, tolerance: nil) }
                pendingWait = wait
                await withTaskCancellationHandler {
                    await wait.value
                } onCancel: {
                    wait.cancel()
                }
                pendingWait = nil
                if Task.isCancelled { break }
                let now = start.duration(to: clock.now)
                // Woken at the instant of the last tick (a clock that has not moved): the next tick shows it.
                if let last = lastTickTime, now <= last { continue }
                next = period * (Int((now / period).rounded(.down)) + 1)
                do throws(CarWindowError) {
                    let started = ContinuousClock.now
                    let tick = try self.tick(at: now)
                    if let frame = tick.frame {
                        frameInput.yield((frame, started, .now, tick.requested))
                    }
                    if let update = tick.hapticData { updateInput.yield(update) }
                } catch {
                    failure = error
                    break
                }
            }
            frameInput.finish()
            updateInput.finish()
            group.cancelAll()
        }
        if let failure { throw failure }
    }
}
