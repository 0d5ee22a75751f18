public import CarWindow
public import HeadUnit

extension EmulatorFixture {
    /// Taps the centre of a CarWindow view as the driver would: its window frame converted to head-unit pixels
    /// (times the head unit's scale), then BEGIN and END there.
    ///
    /// ```swift
    /// let area = await emulator.videoRect(of: playButton)
    /// let before = try await emulator.latestFrame()
    /// try await emulator.tap(view: playButton)
    /// _ = try await emulator.frame(after: before, timeout: .seconds(5)) { picture in
    ///     picture.averageColor(in: area).isClose(to: PixelColor(red: 0, green: 122, blue: 255))
    /// }
    /// ```
    /// - Returns: the OnTouchEvent notifications sent (4 for a navigation app: Core delivers each touch twice).
    /// - Throws: `CarWindowTestingError` `.headUnitRefused` when nothing could be sent (the app is not in FULL),
    ///   `.timeout` when no app registered within `timeout`.
    @discardableResult
    public func tap(
        view: View, app: AppID? = nil, timeout: Duration = .seconds(10)
    ) async throws(CarWindowTestingError) -> Int {
        let rect = await headUnitRect(of: view)
        return try await tap(x: rect.center.x, y: rect.center.y, app: app, timeout: timeout)
    }

    /// The view's frame in head-unit pixels: window coordinates times the head unit's scale (the rect a haptic
    /// rect for it has, and where a touch on it lands).
    public func headUnitRect(of view: View) async -> Rect {
        let scale = await headUnit.configuration.video.scale
        let rect = await Self.windowRect(of: view)
        return Rect(
            x: rect.minX * scale, y: rect.minY * scale, width: rect.size.width * scale,
            height: rect.size.height * scale)
    }

    /// The view's frame in the video's pixels, to read it back from a ``DecodedFrame``: CarWindow draws one video
    /// pixel per window point (the stream is the head unit's size divided by its scale).
    public func videoRect(of view: View) async -> Rect {
        await Self.windowRect(of: view)
    }

    @CarWindowActor
    private static func windowRect(of view: View) -> Rect {
        view.convertToWindow(view.bounds)
    }
}

extension DecodedFrame {
    /// The mean colour of `rect` (video pixels, as ``EmulatorFixture/videoRect(of:)`` gives), shrunk by `inset` on
    /// every side to keep clear of the edges H.264 blurs.
    public func averageColor(in rect: Rect, inset: Double = 4) -> PixelColor {
        averageColor(
            x: rect.minX + inset, y: rect.minY + inset, width: max(1, rect.size.width - 2 * inset),
            height: max(1, rect.size.height - 2 * inset))
    }
}
