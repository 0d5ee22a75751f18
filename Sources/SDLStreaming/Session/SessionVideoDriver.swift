import SDLRPC
public import SDLSession

/// Feeds a ``VideoStreamManager`` from a running `SDLSession`: the registration, every main-window HMI status and
/// every video capability the session learns.
///
/// SDL Core's RegisterAppInterface response carries no video capability; the session asks for it once the HMI level
/// leaves NONE. The manager waits for the capability question to be settled before it starts, so when nothing has
/// arrived ``capabilityWait`` after the first non-NONE level, the driver tells it the head unit has none (it then
/// streams H.264 RAW at the display size, as sdl_ios's `SDLStreamingVideoLifecycleManager` does). A capability
/// that arrives later still applies.
///
/// ```swift
/// let manager = VideoStreamManager(settings: settings, connection: SessionVideoServiceConnection(session: session),
///                                  encoderFactory: MediaEncoderFactory(), clock: ContinuousClock())
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await manager.run() }
///     group.addTask { await SessionVideoDriver(session: session).run(feeding: manager) }
///     // ... send frames, then stop and cancel
/// }
/// ```
public struct SessionVideoDriver: Sendable {
    public let session: SDLSession
    /// How long to wait for the session's automatic GetSystemCapability before treating the head unit as having none.
    public var capabilityWait: Duration

    public init(session: SDLSession, capabilityWait: Duration = .seconds(2)) {
        self.session = session
        self.capabilityWait = capabilityWait
    }

    /// Runs until the session closes or the task is cancelled. Call after `session.start()` returned.
    public func run<Factory: VideoEncoderFactory, C: Clock>(
        feeding manager: VideoStreamManager<Factory, C>
    ) async where C.Duration == Duration {
        let session = self.session
        let wait = capabilityWait
        if let response = await session.registration {
            let types = session.configuration.registerAppInterface.appHMIType ?? []
            await manager.registered(HeadUnitVideoInfo(response: response, appHMITypes: types))
        }
        if let known = await session.videoStreamingCapability {
            await manager.capabilityUpdated(known)
        }
        let settled = CapabilitySettled()
        let (leftNone, leftNoneContinuation) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await capability in await session.videoStreamingCapabilityUpdates() {
                    await settled.mark()
                    await manager.capabilityUpdated(capability)
                }
            }
            group.addTask {
                for await status in await session.hmiStatusUpdates() {
                    await manager.hmiStatusChanged(
                        OnHMIStatus(
                            hmiLevel: status.hmiLevel,
                            audioStreamingState: status.audioStreamingState,
                            systemContext: status.systemContext,
                            videoStreamingState: status.videoStreamingState
                        )
                    )
                    if status.hmiLevel != .none { leftNoneContinuation.yield() }
                }
            }
            group.addTask {
                for await _ in leftNone {
                    try? await Task.sleep(for: wait)
                    if !Task.isCancelled, await settled.markIfFirst() {
                        await manager.capabilityUpdated(nil)
                    }
                    break
                }
            }
            for await state in await session.connectionStateUpdates() {
                if case .closed = state { break }
            }
            leftNoneContinuation.finish()
            group.cancelAll()
        }
    }
}

/// Whether any capability answer has arrived; lets exactly one of "a capability came" and "none came" win.
private actor CapabilitySettled {
    private var settled = false

    func mark() { settled = true }

    /// Marks settled and returns true when nobody had.
    func markIfFirst() -> Bool {
        defer { settled = true }
        return !settled
    }
}
