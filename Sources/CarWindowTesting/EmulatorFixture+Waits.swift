import Foundation
public import HeadUnit
public import SDLRPC

extension EmulatorFixture {
    /// The id of the app that registered (the first, or the `index`-th in registration order), waiting for it.
    ///
    /// `run` starts the emulator before your app connects, so the id comes from here;
    /// ``withSession(app:configuration:eventLog:logger:inMemory:isolation:_:)`` passes it to its body directly.
    ///
    /// ```swift
    /// try await EmulatorFixture.run { emulator in
    ///     let projection = try await startMyApp(port: emulator.port)
    ///     let app = try await emulator.app(timeout: .seconds(10))
    ///     try await emulator.headUnit.setHMILevel(.background, for: app)
    /// }
    /// ```
    /// - Throws: `CarWindowTestingError` `.timeout` when no app registered within `timeout`;
    ///   `.cancelled` when the task was cancelled first.
    public func app(index: Int = 0, timeout: Duration = .seconds(10)) async throws(CarWindowTestingError) -> AppID {
        try await observer.wait(for: "app #\(index + 1) to register", timeout: timeout) { observation in
            observation.registered.indices.contains(index) ? observation.registered[index] : nil
        }
    }

    /// The first frame of the app's current video stream, waiting for the stream to start and deliver it.
    ///
    /// - Parameter app: the app; `nil` for the first that registered.
    /// - Throws: `CarWindowTestingError` `.timeout` when no frame arrived within `timeout`;
    ///   `.cancelled` when the task was cancelled first.
    public func firstFrame(
        of app: AppID? = nil, timeout: Duration = .seconds(10)
    ) async throws(CarWindowTestingError) -> RecordedFrame {
        try await observer.wait(for: "a first video frame", timeout: timeout) { observation in
            guard let app = app ?? observation.registered.first, let stream = observation.streams[app],
                stream.frames > 0
            else { return nil }
            return RecordedFrame(app: app, stream: stream.number, index: 0, size: stream.size)
        }
    }

    /// The newest frame of the app's current video stream, waiting for one if it has none yet.
    ///
    /// Take it before a tap: the frames ``nextFrame(after:timeout:)`` returns after it were drawn after the tap.
    ///
    /// - Throws: `CarWindowTestingError` `.timeout` when no frame arrived within `timeout`;
    ///   `.cancelled` when the task was cancelled first.
    public func latestFrame(
        of app: AppID? = nil, timeout: Duration = .seconds(10)
    ) async throws(CarWindowTestingError) -> RecordedFrame {
        try await observer.wait(for: "a video frame", timeout: timeout) { observation in
            guard let app = app ?? observation.registered.first else { return nil }
            return observation.latestFrame(of: app)
        }
    }

    /// The frame that came after `frame` from the same app: the next in its stream, or the first of a newer stream.
    ///
    /// ```swift
    /// let before = try await emulator.latestFrame()
    /// try await emulator.tap(x: 400, y: 240)
    /// let after = try await emulator.nextFrame(after: before, timeout: .seconds(5))
    /// ```
    /// A still screen still sends refresh frames (`StreamingConfiguration/refreshInterval`), so a loop of
    /// `nextFrame` waiting for app state never ends by itself on a missed tap: wait for the state with
    /// `eventually(within:recheckingOn:_:)` or ``frame(after:timeout:isolation:where:)``, which have one deadline
    /// for the whole wait.
    ///
    /// - Throws: `CarWindowTestingError` `.timeout` when none arrived within `timeout`; `.cancelled` when the
    ///   task was cancelled first.
    public func nextFrame(
        after frame: RecordedFrame, timeout: Duration = .seconds(5)
    ) async throws(CarWindowTestingError) -> RecordedFrame {
        try await observer.wait(for: "a video frame after \(frame)", timeout: timeout) { observation in
            guard let stream = observation.streams[frame.app], stream.frames > 0 else { return nil }
            if stream.number > frame.stream {
                return RecordedFrame(app: frame.app, stream: stream.number, index: 0, size: stream.size)
            }
            guard stream.number == frame.stream, stream.frames > frame.index + 1 else { return nil }
            return RecordedFrame(app: frame.app, stream: stream.number, index: frame.index + 1, size: stream.size)
        }
    }

    /// The app's haptic rects (head-unit pixels), waiting for a SendHapticData with at least one rect.
    ///
    /// - Throws: `CarWindowTestingError` `.timeout` when none arrived within `timeout`;
    ///   `.cancelled` when the task was cancelled first.
    public func hapticRects(
        of app: AppID? = nil, timeout: Duration = .seconds(10)
    ) async throws(CarWindowTestingError) -> [HapticRect] {
        try await observer.wait(for: "haptic rects", timeout: timeout) { observation in
            guard let app = app ?? observation.registered.first, let rects = observation.rects[app], !rects.isEmpty
            else { return nil }
            return rects
        }
    }

    /// Taps the head unit's screen at `x`, `y` (head-unit pixels) for the app, as the HMI would: BEGIN and END.
    ///
    /// - Returns: the OnTouchEvent notifications sent (4 for a navigation app: Core delivers each touch twice).
    /// - Throws: `CarWindowTestingError` `.headUnitRefused` when nothing could be sent (the app is not in FULL,
    ///   or not connected), `.timeout` when no app registered within `timeout`.
    @discardableResult
    public func tap(
        x: Double, y: Double, app: AppID? = nil, timeout: Duration = .seconds(10)
    ) async throws(CarWindowTestingError) -> Int {
        let target: AppID
        if let app { target = app } else { target = try await self.app(timeout: timeout) }
        let sent: Int
        do {
            sent = try await headUnit.injectTouches(OnTouchEvent.tap(x: x, y: y), to: target)
        } catch {
            throw CarWindowTestingError(.headUnitRefused, "tap at \(x),\(y) on \(target): \(error)")
        }
        guard sent > 0 else {
            throw CarWindowTestingError(
                .headUnitRefused, "tap at \(x),\(y): nothing sent to \(target); Core sends touches only in FULL")
        }
        return sent
    }

    /// Decodes one recorded frame (ffmpeg, run off the cooperative pool) to RGB.
    ///
    /// - Throws: `CarWindowTestingError` `.toolMissing` without ffmpeg, `.fileMissing` when the recording is not
    ///   there, `.toolFailed` or `.unexpectedOutput` when ffmpeg cannot give that frame.
    public func decode(_ frame: RecordedFrame) async throws(CarWindowTestingError) -> DecodedFrame {
        let prefix = "app\(frame.app.rawValue)-video\(frame.stream)-"
        guard let file = try recordingFiles().first(where: { $0.lastPathComponent.hasPrefix(prefix) }) else {
            throw CarWindowTestingError(.fileMissing, "no recording \(prefix)*.h264 in \(directory.path)")
        }
        return try await FrameDecoder().decode(frameAt: frame.index, of: file, size: frame.size)
    }

    /// Waits for a frame after `frame` whose picture passes `check`, decoding the newest frame each time one arrives.
    ///
    /// ```swift
    /// let before = try await emulator.latestFrame()
    /// try await emulator.tap(view: playButton)
    /// let (_, picture) = try await emulator.frame(after: before, timeout: .seconds(5)) { picture in
    ///     picture.averageColor(x: 30, y: 30, width: 100, height: 40).isClose(to: blue)
    /// }
    /// ```
    /// `check` runs on the caller's actor, so a `@CarWindowActor` test can look at its views and state in it
    /// without making the closure `@Sendable`:
    ///
    /// ```swift
    /// @Test @CarWindowActor func playTurnsBlue() async throws {
    ///     // ... play.action = { tapped += 1 }
    ///     _ = try await emulator.frame(after: before) { picture in
    ///         tapped > 0 && picture.averageColor(in: area).isClose(to: blue)
    ///     }
    /// }
    /// ```
    /// - Throws: `CarWindowTestingError` `.timeout` when no frame passed within `timeout` (the message says what
    ///   the last decoded frame was), `.cancelled` when the task was cancelled first, or what ``decode(_:)``
    ///   throws. The deadline holds however many frames keep coming (a still screen's refresh frames).
    public func frame(
        after frame: RecordedFrame, timeout: Duration = .seconds(5),
        isolation: isolated (any Actor)? = #isolation,
        where check: (DecodedFrame) -> Bool
    ) async throws(CarWindowTestingError) -> (RecordedFrame, DecodedFrame) {
        let deadline = ContinuousClock.now + timeout
        var mark = frame
        var tried = 0
        while true {
            if Task.isCancelled {
                throw CarWindowTestingError(.cancelled, "a frame after \(frame): the waiting task was cancelled")
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw CarWindowTestingError(
                    .timeout,
                    "no frame after \(frame) passed the check within \(timeout) (\(tried) decoded, the last "
                        + "\(mark))")
            }
            let next = try await nextFrame(after: mark, timeout: left)
            // Frames may have piled up while the last one decoded: look at the newest.
            let newest = await observer.current.latestFrame(of: next.app) ?? next
            mark = newest.isAfter(next) ? newest : next
            let picture = try await decode(mark)
            tried += 1
            if check(picture) { return (mark, picture) }
        }
    }
}
