import Logging
public import NIOCore
import SDLMediaService

/// The playback queue: pushing audio, playing, interrupting, flushing, and the loop that paces it out.
extension AudioStreamManager {
    // MARK: - Queue

    /// Queues PCM. Audio already in the head unit's format (no `format`, or one equal to it) passes through
    /// unchanged; other layouts are downmixed, resampled and converted first, off the actor.
    ///
    /// ```swift
    /// let id = try await manager.push(pcm)                                    // 16 kHz 16-bit mono already
    /// let other = try await manager.push(floats, format: PCMInputFormat(sampleRate: 48_000, channels: 2,
    ///                                                                    sampleType: .float32))
    /// ```
    ///
    /// - Returns: the item's id, reported again in its ``AudioStreamEvent/finished(_:_:)`` event.
    /// - Throws: `.invalidPCM` for partial sample frames or an unusable layout, `.conversionFailed`.
    @discardableResult
    public func push(_ pcm: ByteBuffer, format input: PCMInputFormat? = nil) async throws(MediaStreamingError)
        -> AudioItemID
    {
        let bytes = try await prepare(pcm, input)
        return enqueue(bytes)
    }

    /// Queues decoded audio (converted first if it is not in the head unit's format).
    @discardableResult
    public func push(_ audio: PCMAudio) async throws(MediaStreamingError) -> AudioItemID {
        try await push(audio.bytes, format: PCMInputFormat(audio.format))
    }

    /// Decodes a file (WAV, MP3, AAC, Ogg, FLAC…) off the actor and queues its audio.
    ///
    /// - Throws: ``MediaStreamingError`` `.fileNotReadable`, `.undecodableFile`, `.unsupportedFormat`, `.tooLong`;
    ///   nothing is queued then, and the stream carries on.
    @discardableResult
    public func push(file path: String) async throws(MediaStreamingError) -> AudioItemID {
        let audio = try await decode(path)
        return enqueue(audio.bytes)
    }

    /// The audio not handed to the transport yet, in the head unit's format: the rest of the item playing (or of
    /// the one a lost service cut off), then every item waiting, in order. A projection that reconnects pushes it
    /// on the new connection's manager, so playback resumes where it was instead of starting its file again.
    ///
    /// ```swift
    /// let rest = await oldManager.unsentAudio()
    /// if rest.readableBytes > 0 { try await newManager.push(rest) }
    /// ```
    public func unsentAudio() -> ByteBuffer {
        var rest = cutOffRest ?? ByteBuffer()
        for item in queue.items { rest.writeImmutableBuffer(item.bytes) }
        return rest
    }

    /// Plays queued items in order, now and as they are pushed, until ``stop()``. Audio only flows while the
    /// service is ready; until then items wait.
    public func play() {
        isPlaying = true
        wakeContinuation.yield()
    }

    /// Interrupts: the item playing ends with `.interrupted`, this one plays next, items waiting play after it.
    /// What the head unit already holds (at most the lead plus one chunk) still plays first.
    @discardableResult
    public func pushAndPlay(_ pcm: ByteBuffer, format input: PCMInputFormat? = nil) async throws(MediaStreamingError)
        -> AudioItemID
    {
        let bytes = try await prepare(pcm, input)
        return interrupt(with: bytes)
    }

    /// Decodes a file and plays it at once, as ``pushAndPlay(_:format:)``.
    @discardableResult
    public func pushAndPlay(file path: String) async throws(MediaStreamingError) -> AudioItemID {
        let audio = try await decode(path)
        return interrupt(with: audio.bytes)
    }

    /// Stops playing and flushes the queue: every item, playing or waiting, ends with `.flushed`. ``play()``
    /// starts again with whatever is pushed next.
    public func stop() {
        isPlaying = false
        for pending in pendingCompletions { emit(.finished(pending.item, .flushed)) }
        pendingCompletions.removeAll()
        for item in queue.removeAll() { emit(.finished(item, .flushed)) }
    }

    private func enqueue(_ bytes: ByteBuffer) -> AudioItemID {
        let id = queue.push(bytes)
        wakeContinuation.yield()
        return id
    }

    private func interrupt(with bytes: ByteBuffer) -> AudioItemID {
        let (id, interrupted) = queue.pushFront(bytes)
        if let interrupted { emit(.finished(interrupted, .interrupted)) }
        isPlaying = true
        wakeContinuation.yield()
        return id
    }

    private func prepare(_ pcm: ByteBuffer, _ input: PCMInputFormat?) async throws(MediaStreamingError) -> ByteBuffer {
        let native = PCMInputFormat(format)
        let layout = input ?? native
        guard layout != native else {
            guard pcm.readableBytes % format.bytesPerFrame == 0 else {
                throw MediaStreamingError(
                    .invalidPCM, "\(pcm.readableBytes) bytes is not whole \(format.bytesPerFrame)-byte samples")
            }
            return pcm
        }
        return try await Self.convert(pcm, from: layout, to: format)
    }

    private func decode(_ path: String) async throws(MediaStreamingError) -> PCMAudio {
        do {
            return try await Self.decode(path, to: format, maximumDuration: settings.maximumFileDuration)
        } catch {
            logger.warning("audio file refused", metadata: ["error": "\(error)"])
            throw error
        }
    }

    // Nonisolated async: decoding and resampling run on the global executor, not on the actor's send path.
    private nonisolated static func decode(_ path: String, to format: PCMFormat, maximumDuration: Duration)
        async throws(MediaStreamingError) -> PCMAudio
    {
        try AudioFileDecoder.decode(path: path, to: format, maximumDuration: maximumDuration)
    }

    private nonisolated static func convert(_ pcm: ByteBuffer, from input: PCMInputFormat, to format: PCMFormat)
        async throws(MediaStreamingError) -> ByteBuffer
    {
        guard pcm.readableBytes % max(1, input.bytesPerFrame) == 0 else {
            throw MediaStreamingError(
                .invalidPCM, "\(pcm.readableBytes) bytes is not whole \(input.bytesPerFrame)-byte samples of \(input)")
        }
        let resampler = try PCMResampler(input: input, output: format)
        var output: [UInt8] = []
        try pcm.withUnsafeReadableBytes { (raw) throws(MediaStreamingError) in
            try resampler.convert(interleaved: raw, bytesPerFrame: input.bytesPerFrame, into: &output)
        }
        try resampler.flush(into: &output)
        return ByteBuffer(bytes: output)
    }

    // MARK: - Playback loop

    /// The one send path: while there is audio and the pacer allows, send a chunk; otherwise sleep until the
    /// pacer's next instant or an item's end, or wait to be woken when there is nothing to do.
    func runPlayback() async {
        var wakeups = wake.makeAsyncIterator()
        while !Task.isCancelled {
            let now = clock.now
            completeItems(at: now)
            if let stream, isPlaying, !queue.isEmpty, pacer.maySend(at: now) {
                await sendChunk(stream, at: now)
                continue
            }
            if let deadline = nextDeadline(now) {
                do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            } else if await wakeups.next() == nil {
                return
            }
        }
    }

    private func sendChunk(_ stream: AudioStreamDescription, at now: C.Instant) async {
        let maximum = min(format.byteCount(for: settings.chunkDuration), Self.maximumPayload(mtu: stream.mtu))
        guard let chunk = queue.nextChunk(maximumBytes: maximum, bytesPerFrame: format.bytesPerFrame) else { return }
        pacer.didSend(frames: chunk.bytes.readableBytes / format.bytesPerFrame, at: now)
        if chunk.isLast, let end = pacer.playedOutAt {
            pendingCompletions.append((chunk.item, end))
        }
        guard chunk.bytes.readableBytes > 0 else { return }
        do {
            try await connection.send(chunk.bytes)
            failedSends = 0
        } catch {
            // The pacer already moved on, so a broken connection costs real time, not a busy loop; the
            // connection's transportClosed event stops the stream.
            failedSends += 1
            if error.kind == .serviceEnded {
                // The lifecycle's business: the head unit's EndService follows and stops the stream.
                logger.debug("audio chunk after the service ended", metadata: ["error": "\(error)"])
            } else if failedSends == 1 {
                execute(error.asAudioFailure)
            }
        }
    }

    private func execute(_ error: MediaStreamingError) {
        logger.error("audio send failed", metadata: ["error": "\(error)"])
        emit(.error(error))
    }

    /// The next instant the loop has something to do, or `nil` when only a push, a play or a start can give it
    /// work. While items are in flight it looks again at least once per chunk, so audio pushed meanwhile follows
    /// without a gap.
    private func nextDeadline(_ now: C.Instant) -> C.Instant? {
        var candidates: [C.Instant] = pendingCompletions.map(\.at)
        if stream != nil, isPlaying, !queue.isEmpty, let next = pacer.nextSendAt { candidates.append(next) }
        if !pendingCompletions.isEmpty { candidates.append(now.advanced(by: settings.chunkDuration)) }
        return candidates.min()
    }

    private func completeItems(at now: C.Instant) {
        while let first = pendingCompletions.first, first.at <= now {
            pendingCompletions.removeFirst()
            emit(.finished(first.item, .completed))
        }
    }

    /// PCM bytes one frame may carry: the negotiated MTU less a v5 header, as SDLWire's `MTU` reads it, whole
    /// 16-bit samples.
    static func maximumPayload(mtu: Int) -> Int { max(2, (mtu - 12) / 2 * 2) }
}
