import NIOCore
import SDLMediaService

extension VideoStreamManager {
    /// Sends one frame the app rendered itself, and reports what became of it.
    ///
    /// The frame is refused at once when no stream is ready, when its presentation time is not after the previous
    /// frame's, or when ``frameQueueCapacity`` frames already wait (back-pressure: dropped before the encoder and
    /// counted in ``VideoStreamStatistics/framesDropped``). Otherwise it waits its turn in the single frame loop and
    /// the result says whether it was sent.
    ///
    /// - Parameters:
    ///   - frame: the picture, at the stream's size (``VideoStreamStatus/stream``).
    ///   - presentationTime: when to show it, increasing from frame to frame; `nil` means the previous frame's time
    ///     plus one frame interval at the negotiated frame rate.
    /// - Returns: `.sent` with the byte count, or `.notSent` with the reason.
    ///
    /// ```swift
    /// if case .notSent(.droppedForBackPressure) = await manager.send(frame) { lowerQuality() }
    /// ```
    public func send(_ frame: Frame, presentationTime: Duration? = nil) async -> VideoFrameResult {
        switch machine.state {
        case .ready where isRunning: break
        case .suspended: return reject(.suspended)
        default: return reject(.notStreaming)
        }
        let time = presentationTime ?? lastAppPresentationTime.map { $0 + frameInterval } ?? .zero
        if let last = lastAppPresentationTime, time <= last {
            return reject(.timestampNotIncreasing)
        }
        guard appFramesWaiting < frameQueueCapacity else {
            stats.framesDropped += 1
            return .notSent(.droppedForBackPressure)
        }
        lastAppPresentationTime = time
        return await withCheckedContinuation { continuation in
            queue.append(.app(frame, time, continuation))
            queueChanged()
            wakeContinuation.yield()
        }
    }

    var appFramesWaiting: Int {
        queue.reduce(0) { count, job in
            if case .app = job { count + 1 } else { count }
        }
    }

    private var frameInterval: Duration {
        .seconds(1) / max(1, machine.encoderConfiguration?.frameRate ?? machine.settings.defaultFrameRate)
    }

    private func reject(_ reason: VideoFrameRejection) -> VideoFrameResult {
        stats.framesRejected += 1
        return .notSent(reason)
    }

    /// The single consumer of the frame queue: one frame at a time, in order.
    func runFrames() async {
        for await _ in wake {
            while !queue.isEmpty {
                let job = queue.removeFirst()
                queueChanged()
                switch job {
                case .app(let frame, let time, let continuation):
                    let result: VideoFrameResult
                    if machine.state == .ready, let encoder {
                        if let dropped = await adaptBeforeEncoding(encoder) {
                            result = dropped
                        } else {
                            result = await encodeAndSend(frame, appTime: time, encoder: encoder)
                        }
                    } else {
                        result = reject(machine.state == .suspended ? .suspended : .notStreaming)
                    }
                    continuation.resume(returning: result)
                case .background(let frame, let count, let frameRate):
                    let interval = Duration.seconds(1) / max(1, frameRate)
                    for _ in 0..<count {
                        guard machine.state == .suspended, let encoder else { break }
                        let time = (lastEncoderPresentationTime ?? .zero) + interval
                        let result = await encodeAndSend(frame, appTime: time, encoder: encoder)
                        if case .notSent(let reason) = result, reason != .skippedByEncoder { break }
                    }
                }
            }
        }
    }

    /// Encodes and sends one frame; gives up without sending if the stream changed while the encoder ran.
    private func encodeAndSend(
        _ frame: Frame,
        appTime: Duration,
        encoder: Factory.Encoder
    ) async -> VideoFrameResult {
        let generation = encoderGeneration
        // Background frames continue the encoder's timeline, so an app frame stamped before them is moved just
        // after the last one: the encoder only ever sees increasing times.
        let time = lastEncoderPresentationTime.map { appTime > $0 ? appTime : $0 + .milliseconds(1) } ?? appTime
        let keyFrame = keyFrameRequested
        keyFrameRequested = false
        let started = clock.now
        let payloads: [ByteBuffer]
        do {
            payloads = try await encoder.encode(frame, presentationTime: time, keyFrame: keyFrame)
        } catch {
            stats.framesRejected += 1
            if generation == encoderGeneration {
                handle(.encoderFailed(error))
            }
            return .notSent(.encoderFailed(error))
        }
        let took = started.duration(to: clock.now)
        stats.lastEncodeDuration = took
        stats.maximumEncodeDuration = max(stats.maximumEncodeDuration, took)
        guard generation == encoderGeneration else {
            stats.framesRejected += 1
            return .notSent(.streamChanged)
        }
        lastEncoderPresentationTime = time
        guard !payloads.isEmpty else {
            stats.framesSkippedByEncoder += 1
            if keyFrame { keyFrameRequested = true }
            return .notSent(.skippedByEncoder)
        }
        var bytes = 0
        let sendStarted = clock.now
        isSendingVideo = true
        defer { videoSendFinished() }
        for payload in payloads {
            // The service must still be open: once the lifecycle is shutting down, its EndService is due and no
            // data may follow it.
            guard generation == encoderGeneration, machine.state == .ready || machine.state == .suspended else {
                stats.framesRejected += 1
                return .notSent(.streamChanged)
            }
            do {
                try await connection.send(payload)
            } catch {
                stats.framesRejected += 1
                keyFrameRequested = true  // the head unit may have lost part of a frame
                // A service the head unit ended mid-frame is reported by its EndService; here the frame just failed.
                let failure = error.kind == .serviceEnded ? MediaStreamingError(.connectionFailed, error.detail) : error
                return .notSent(.connectionFailed(failure))
            }
            bytes += payload.readableBytes
        }
        recordSent(bytes: bytes, generation: generation)
        adaptAfterSending(bytes: bytes, sendingTime: sendStarted.duration(to: clock.now))
        if !sentVideoSubscribers.isEmpty, let stream = machine.stream {
            let sent = SentVideo(payloads: payloads, format: stream.format, size: stream.size, presentationTime: time)
            for subscriber in sentVideoSubscribers.values { subscriber.yield(sent) }
        }
        return .sent(bytes: bytes, payloads: payloads.count)
    }

    /// Returns once no frame's payloads are on their way to the connection.
    func videoSendsSettled() async {
        guard isSendingVideo else { return }
        await withCheckedContinuation { videoSendWaiters.append($0) }
    }

    private func videoSendFinished() {
        isSendingVideo = false
        let waiters = videoSendWaiters
        videoSendWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func recordSent(bytes: Int, generation: Int) {
        stats.framesSent += 1
        stats.bytesSent += bytes
        let now = clock.now
        recentSends.append((now, bytes))
        let cutoff = now.advanced(by: .seconds(-1))
        if let firstRecent = recentSends.firstIndex(where: { $0.at > cutoff }), firstRecent > 0 {
            recentSends.removeFirst(firstRecent)
        }
        if recentSends.count > 1_000 { recentSends.removeFirst(recentSends.count - 1_000) }
        if firstFrameAfterResizeGeneration == generation, let origin = resizeOrigin {
            stats.lastResize?.toFirstFrame = origin.duration(to: now)
            firstFrameAfterResizeGeneration = nil
            resizeOrigin = nil
        }
    }
}
