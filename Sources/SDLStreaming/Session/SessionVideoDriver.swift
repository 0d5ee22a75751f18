import SDLRPC
public import SDLSession

/// Feeds a ``VideoStreamManager`` from a running `SDLSession`: the registration, every main-window HMI status and
/// every video capability the session learns.
///
/// SDL Core's RegisterAppInterface response carries no video capability; the session asks for it once the HMI level
/// leaves NONE. The manager waits for the capability question to be settled before it starts, so when nothing has
/// arrived ``capabilityWait`` after the first non-NONE level, the driver tells it the head unit has none (it then
/// streams H.264 RAW at the display size, as sdl_ios's `SDLStreamingVideoLifecycleManager` does). A capability
/// that arrives later still applies. The wait runs on the injected clock (``CapabilityWait``), so a test decides
/// with a manual clock when "none came" is true.
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
public struct SessionVideoDriver<DriverClock: Clock>: Sendable where DriverClock.Duration == Duration {
    public let session: SDLSession
    /// How long to wait for the session's automatic GetSystemCapability before treating the head unit as having none.
    public var capabilityWait: Duration
    /// What ``capabilityWait`` is measured on.
    public let clock: DriverClock

    /// - Parameters:
    ///   - session: a started session.
    ///   - capabilityWait: how long after the first level above NONE a missing capability means "none".
    ///   - clock: measures the wait (a manual clock in tests).
    public init(session: SDLSession, capabilityWait: Duration = .seconds(2), clock: DriverClock) {
        self.session = session
        self.capabilityWait = capabilityWait
        self.clock = clock
    }

    /// Runs until the session closes or the task is cancelled. Call after `session.start()` returned.
    public func run<Factory: VideoEncoderFactory, C: Clock>(
        feeding manager: VideoStreamManager<Factory, C>
    ) async where C.Duration == Duration {
        let session = self.session
        let (wait, clock) = (capabilityWait, self.clock)
        if let response = await session.registration {
            let types = session.configuration.registerAppInterface.appHMIType ?? []
            await manager.registered(HeadUnitVideoInfo(response: response, appHMITypes: types))
        }
        if let known = await session.videoStreamingCapability {
            await manager.capabilityUpdated(known)
        }
        let settled = CapabilityWait<DriverClock>()
        let (leftNone, leftNoneContinuation) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await capability in await session.videoStreamingCapabilityUpdates() {
                    await settled.capabilityArrived()
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
                    if await settled.noneArrived(within: wait, on: clock) {
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

extension SessionVideoDriver where DriverClock == ContinuousClock {
    /// A driver that measures ``capabilityWait`` on the continuous clock, the one to use outside tests.
    ///
    /// ```swift
    /// await SessionVideoDriver(session: session).run(feeding: manager)
    /// ```
    public init(session: SDLSession, capabilityWait: Duration = .seconds(2)) {
        self.init(session: session, capabilityWait: capabilityWait, clock: ContinuousClock())
    }
}
