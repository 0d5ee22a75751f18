import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// The source's reactions to its run: video stream events, touches, buttons.
extension WindowSource {
    /// A run started with this source: haptic rects, the keyboard's requests and reports go through `context`.
    func attach(_ context: ProjectionContext) {
        self.context = context
        keyboard.session = context.session
    }

    /// The run ended (or its connection was lost): an open keyboard closes, the pump stops.
    func detach() {
        context = nil
        keyboard.cancel()
        keyboard.session = nil
        stopStreaming()
        streamConfiguration = nil
    }

    func handle(_ event: VideoStreamEvent) async {
        switch event {
        case .started(let stream):
            await startStreaming(stream)
        case .resized(let size):
            // `.started` already resized the window; this only catches a stream whose size moved without one.
            if window.frameSize != Size(width: Double(size.width), height: Double(size.height)) {
                do {
                    try window.resize(to: Size(width: Double(size.width), height: Double(size.height)))
                } catch {
                    await report(error)
                }
            }
        case .stopped:
            stopStreaming()
            streamConfiguration = nil
        case .suspended:
            // The manager refuses app frames while suspended (it streams the open-the-app message); a pump left
            // running would re-render every tick for nothing.
            stopStreaming()
        case .touchesCancelled, .bitrateChanged:
            // The run's recognizer cancels the gestures in progress and tells the window (``received(_:)``).
            break
        case .resumed:
            if let configuration = streamConfiguration { startPump(configuration) }
        case .error:
            // The run reports it (its `video` event); one that nothing can fix ends the run.
            break
        }
    }

    /// A stream started (first, or again at a new size): size the window first, then a new pump at the stream's
    /// frame rate, so the first frame at the new size is laid out at it.
    private func startStreaming(_ stream: VideoStreamDescription) async {
        stopStreaming()
        guard let context else { return }
        let negotiatedRate = await context.videoManager.status.encoder?.frameRate
        let known = await context.session.videoStreamingCapability
        let scale = stream.scale.factor
        let streamMetrics: DisplayMetrics
        do {
            // The stream size is the viewport; the resolution is rebuilt from it so the two never round apart.
            streamMetrics = try DisplayMetrics(
                resolution: Size(width: Double(stream.size.width) * scale, height: Double(stream.size.height) * scale),
                scale: scale, pixelsPerInch: known?.pixelPerInch, diagonalInches: known?.diagonalScreenSize,
                hapticSpatialDataSupported: stream.hapticSpatialDataSupported, display: window.metrics.display)
            try window.update(metrics: streamMetrics)
        } catch {
            await report(error)
            return
        }
        metrics = streamMetrics
        var configuration = settings.streaming
        configuration.frameRate = settings.frameRate(negotiated: negotiatedRate)
        streamConfiguration = configuration
        startPump(configuration)
    }

    /// A new pump for the current window size: its first tick sends a full frame, then the haptic rects.
    private func startPump(_ configuration: StreamingConfiguration) {
        stopStreaming()
        guard let context else { return }
        let pump = FramePump(window: window, configuration: configuration)
        self.pump = pump
        let sink = VideoManagerFrameSink(manager: context.videoManager)
        let haptics = ContextHapticSink(context: context)
        // Subscribed before the run, so the first frame's timing is not missed; the relay ends with the pump.
        let pumpEvents = context.reportsFrameTimings ? pump.events() : nil
        streamingTask = Task {
            let timings = pumpEvents.map { events in
                Task {
                    for await case .frame(let timing) in events { await context.report(.frame(timing)) }
                }
            }
            defer { timings?.cancel() }
            do throws(CarWindowError) {
                try await pump.run(on: ContinuousClock(), sink: sink, haptics: haptics)
            } catch {
                await self.report(error)
            }
        }
    }

    /// Ends the current stream's pump; gestures in progress make no sense on the next stream.
    func stopStreaming() {
        streamingTask?.cancel()
        streamingTask = nil
        if pump != nil {
            pump = nil
            window.cancelPendingGestures()
        }
    }

    /// A gesture or press from the run's recognizer: the window hit-tests it and hands it to its views.
    func deliver(_ action: TouchAction) {
        guard window.isTouchEnabled else { return }
        window.deliver([action])
        // What a press or a tap changed goes to the encoder now, not at the next tick of the frame clock. Pans and
        // pinches are continuous: the frame clock paces them (their moves are coalesced once per tick).
        switch action {
        case .pressBegan, .pressEnded, .gesture(.singleTap), .gesture(.doubleTap): pump?.tickNow()
        case .gesture: break
        }
    }

    /// A hardware button from the run: the window's focus engine and views act on its presses
    /// (`Window.handleButton(_:)`).
    func deliver(_ button: ProjectionButton) {
        window.handleButton(button)
    }

    /// Whether a tap ending at `point` ends on the button it began on: then it is reported at once.
    func isTapOnPressedButton(at point: Point) -> Bool {
        window.isTapOnPressedButton(at: point)
    }
}
