import SDLMedia
import SDLRPC
import SDLSession
import SDLStreaming

/// The projection's reactions to the head unit: video stream events, touches, HMI levels.
extension CarWindowProjection {
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
                    report(error)
                }
            }
        case .stopped(let reason):
            stopStreaming()
            streamConfiguration = nil
            switch reason {
            case .restarting:
                move(to: .stopping)
            case .transportClosed:
                move(to: .disconnected)
            default:
                move(to: hmiAllowsStreaming ? .readyForStreaming : .disconnected)
            }
        case .suspended:
            // The manager refuses app frames while suspended (it streams the open-the-app message); a pump left
            // running would re-render every tick for nothing.
            stopStreaming()
        case .touchesCancelled:
            window.cancelPendingGestures()
        case .resumed:
            if let configuration = streamConfiguration { startPump(configuration) }
        case .error(let error):
            report(CarWindowError(.streaming, "\(error)"))
        }
    }

    /// A stream started (first, or again at a new size): size the window first, then a new pump at the stream's
    /// frame rate, so the first frame at the new size is laid out at it.
    private func startStreaming(_ stream: VideoStreamDescription) async {
        stopStreaming()
        let negotiatedRate = await videoManager.status.encoder?.frameRate
        let known = await session.videoStreamingCapability
        let scale = stream.scale.factor
        let caps: DisplayCapabilities
        do {
            // The stream size is the viewport; the resolution is rebuilt from it so the two never round apart.
            caps = try DisplayCapabilities(
                resolution: Size(width: Double(stream.size.width) * scale, height: Double(stream.size.height) * scale),
                scale: scale, pixelsPerInch: known?.pixelPerInch, diagonalInches: known?.diagonalScreenSize,
                hapticSpatialDataSupported: stream.hapticSpatialDataSupported, display: window.capabilities.display)
            try window.update(capabilities: caps)
        } catch {
            report(error)
            return
        }
        capabilities = caps
        yield(.capabilitiesChanged(caps))
        var configuration = settings.streaming
        configuration.frameRate = settings.frameRate(negotiated: negotiatedRate)
        streamConfiguration = configuration
        move(to: .streaming)
        startPump(configuration)
    }

    /// A new pump for the current window size: its first tick sends a full frame, then the haptic rects.
    private func startPump(_ configuration: StreamingConfiguration) {
        stopStreaming()
        let pump = FramePump(window: window, configuration: configuration)
        self.pump = pump
        let sink = VideoManagerFrameSink(manager: videoManager)
        let haptics = SessionHapticSink(session: session, projection: self)
        streaming = Task {
            do throws(CarWindowError) {
                try await pump.run(on: ContinuousClock(), sink: sink, haptics: haptics)
            } catch {
                self.report(error)
            }
        }
    }

    /// Ends the current stream's pump; gestures in progress make no sense on the next stream.
    func stopStreaming() {
        streaming?.cancel()
        streaming = nil
        if pump != nil {
            pump = nil
            window.cancelPendingGestures()
        }
    }

    /// One `OnTouchEvent`: to the window, which drops Core's duplicate, divides by the scale (the one place) and
    /// recognises gestures.
    func received(_ notification: RPCNotificationMessage) {
        let event: TouchNotification
        do {
            event = try TouchNotification(notification.decode(OnTouchEvent.self))
        } catch let error as CarWindowError {
            report(error)
            return
        } catch {
            report(CarWindowError(.invalidTouchEvent, "\(error)"))
            return
        }
        yield(.touch(event))
        window.handleTouch(event)
    }

    func hmiChanged(_ status: HMIStatus) {
        hmiAllowsStreaming =
            (status.hmiLevel == .full || status.hmiLevel == .limited) && status.videoStreamingState != .notStreamable
        switch state {
        case .disconnected where hmiAllowsStreaming:
            move(to: .readyForStreaming)
        case .readyForStreaming where !hmiAllowsStreaming:
            move(to: .disconnected)
        default:
            break
        }
    }

    func sessionClosed() {
        hmiAllowsStreaming = false
        stopStreaming()
        move(to: .disconnected)
    }
}
