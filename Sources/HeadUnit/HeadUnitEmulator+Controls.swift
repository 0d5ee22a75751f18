public import SDLRPC

extension HeadUnitEmulator {
    /// Moves an app to `level`, as the HMI would (ActivateApp, OnAppDeactivated, OnEventChanged, OnExitApplication),
    /// and sends OnHMIStatus. The streaming states default to what Core sent at that level; pass one to override it.
    ///
    /// ```swift
    /// try await headUnit.setHMILevel(.limited, for: app)
    /// try await headUnit.setHMILevel(.full, videoStreamingState: .notStreamable, for: app)
    /// ```
    ///
    /// - Throws: ``HeadUnitError`` `.unknownApp`, or `.invalidControl` for an app not registered yet.
    public func setHMILevel(
        _ level: HMILevel,
        videoStreamingState: VideoStreamingState? = nil,
        audioStreamingState: AudioStreamingState? = nil,
        for app: AppID
    ) throws(HeadUnitError) {
        let connection = try connection(app)
        guard let registration = connection.session.registration else {
            throw HeadUnitError(.invalidControl("the app has not registered"), app: app)
        }
        var status = HMIStatus.core(level: level, navigation: registration.navigation, media: registration.isMedia)
        if let videoStreamingState { status.videoStreamingState = videoStreamingState }
        if let audioStreamingState { status.audioStreamingState = audioStreamingState }
        execute([.cancel(.activation)] + connection.session.setStatus(status), on: connection)
    }

    /// Replaces the video streaming capability and sends OnSystemCapabilityUpdated, with the whole new capability,
    /// to every app that subscribed (as Core forwards the HMI's `BasicCommunication.OnSystemCapabilityUpdated`).
    /// GetSystemCapability keeps answering with the start-up value while ``CoreQuirks/staleSystemCapability`` is on.
    ///
    /// ```swift
    /// var capability = await headUnit.configuration.video
    /// capability.preferredResolution = VideoSize(width: 1024, height: 600)
    /// await headUnit.updateVideoCapability(capability)
    /// ```
    public func updateVideoCapability(_ capability: VideoCapability) {
        updateConfiguration { $0.video = capability }
        for connection in allConnections {
            connection.session.configuration.video = capability
            guard connection.session.registration != nil, connection.session.subscribedToVideoCapability else {
                continue
            }
            let body: JSONValue = ["systemCapability": CoreRPC.videoCapabilityBody(capability)]
            let actions = connection.session.notify(CoreRPC.onSystemCapabilityUpdated, body)
            execute(actions + [.emit(.capabilityUpdated(connection.app, capability))], on: connection)
        }
    }

    /// A new preferred resolution (and scale), the rest of the capability unchanged.
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` for a size outside 1...8192 or a scale outside 1...10.
    public func resize(to size: VideoSize, scale: Double? = nil) throws(HeadUnitError) {
        guard (1...8192).contains(size.width), (1...8192).contains(size.height) else {
            throw HeadUnitError(.invalidControl("size \(size) outside 1...8192"))
        }
        var capability = configuration.video
        capability.preferredResolution = size
        if let scale {
            guard scale >= 1, scale <= 10 else { throw HeadUnitError(.invalidControl("scale \(scale) outside 1...10")) }
            capability.scale = scale
        }
        updateVideoCapability(capability)
    }

    /// Shows the app at one of its `additionalVideoStreamingCapabilities` (picture-in-picture, split screen): that
    /// entry becomes the preferred one and the old preferred one takes its place in the list, as the HMI in `pip` did.
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` when there is no entry at `index`.
    public func switchToAdditionalCapability(at index: Int) throws(HeadUnitError) {
        var capability = configuration.video
        guard capability.additional.indices.contains(index) else {
            throw HeadUnitError(.invalidControl("no additional video capability at index \(index)"))
        }
        var chosen = capability.additional[index]
        capability.additional[index] = VideoCapability(
            preferredResolution: capability.preferredResolution,
            maxBitrate: capability.maxBitrate,
            supportedFormats: capability.supportedFormats,
            hapticSpatialDataSupported: capability.hapticSpatialDataSupported,
            diagonalScreenSize: capability.diagonalScreenSize,
            pixelPerInch: capability.pixelPerInch,
            scale: capability.scale,
            preferredFPS: capability.preferredFPS
        )
        chosen.additional = capability.additional
        updateVideoCapability(chosen)
    }

    /// From now on, the emulated HMI rejects video StartServices in these formats (SetVideoConfig REJECTED), on top
    /// of the formats the configuration does not list. An empty set accepts everything configured again.
    public func rejectVideoFormats(_ formats: Set<VideoFormat>) {
        currentRejectedFormats = formats
        for connection in allConnections { connection.session.rejectedFormats = formats }
    }

    /// Sends the app an OnHashChange with a new hashID, as Core does when the app's resumable data changes, and
    /// remembers it: a later RegisterAppInterface of the same app with this hashID is answered SUCCESS (resumed),
    /// with any other RESUME_FAILED. The emulator keeps no resumable data of its own, so nothing else is restored.
    ///
    /// ```swift
    /// let hash = try await headUnit.sendHashChange(to: app)
    /// try await headUnit.dropConnection(app)      // the app registers again with `hash`: SUCCESS
    /// ```
    ///
    /// - Returns: the new hashID.
    /// - Throws: ``HeadUnitError`` `.unknownApp`, or `.invalidControl` for an app not registered yet.
    @discardableResult
    public func sendHashChange(to app: AppID) throws(HeadUnitError) -> String {
        let connection = try connection(app)
        guard let registration = connection.session.registration else {
            throw HeadUnitError(.invalidControl("the app has not registered"), app: app)
        }
        let hashID = String(UInt32.random(in: 1...UInt32.max), radix: 16)
        resumptionHashes[registration.policyAppID] = hashID
        execute(connection.session.notify(CoreRPC.onHashChange, ["hashID": .string(hashID)]), on: connection)
        return hashID
    }

    /// Closes an app's TCP connection, as a head unit that lost the transport.
    public func dropConnection(_ app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        execute([.close(nil)], on: connection)
    }

    /// Stops (or resumes) answering an app: frames are still read, logged and recorded, but nothing is sent, so an
    /// app's timeouts can be tested.
    public func setAnswering(_ answering: Bool, for app: AppID) throws(HeadUnitError) {
        try connection(app).session.silent = !answering
    }

    /// Ends an app's video service from the head unit's side (EndService, as Core does on NONE).
    public func endVideoService(for app: AppID) throws(HeadUnitError) {
        let connection = try connection(app)
        execute(connection.session.endVideoByHeadUnit(), on: connection)
    }

    /// Sends touches to an app as OnTouchEvent notifications, in order. Core delivers touches only in FULL: an app
    /// in another level gets nothing, and the result is 0.
    ///
    /// A long list (a flood) goes out ``touchBatch`` events at a time, and the emulator goes on reading the app
    /// between two batches, as Core, which reads and writes on threads of their own, does: one call holding the
    /// emulator for the whole list would stop it reading the app's video, and the app would take the head unit
    /// for stalled. Touches injected by another caller meanwhile may fall between two batches.
    ///
    /// ```swift
    /// let sent = try await headUnit.injectTouches(OnTouchEvent.tap(x: 200, y: 150), to: app)
    /// ```
    ///
    /// - Returns: the number of notifications sent (twice the events with ``CoreQuirks/duplicateTouchEvents`` for a
    ///   navigation app; none while OnTouchEvent requires encryption the app's RPC service lacks).
    /// - Throws: ``HeadUnitError`` when the app is not connected (or went away between two batches), or the car has
    ///   no touch screen.
    @discardableResult
    public func injectTouches(_ events: [OnTouchEvent], to app: AppID) async throws(HeadUnitError) -> Int {
        guard configuration.touchScreen else {
            throw HeadUnitError(.invalidControl("this car has no touch screen (--no-touch): use the knob"), app: app)
        }
        var sent = 0
        var start = events.startIndex
        while start < events.endIndex {
            if start > events.startIndex { await Task.yield() }
            let connection = try connection(app)
            let end = min(start + Self.touchBatch, events.endIndex)
            let (actions, batchSent) = connection.session.touches(Array(events[start..<end]))
            execute(actions, on: connection)
            sent += batchSent
            start = end
        }
        return sent
    }

    /// How many touch events ``injectTouches(_:to:)`` sends before it lets the emulator read again.
    public static let touchBatch = 64

    func publish(_ unit: VideoAccessUnit) {
        for subscriber in accessUnitSubscribersList { subscriber.yield(unit) }
    }
}
