import SDLSession
public import SDLProjection

/// A ``CarWindowProjection`` as the ``ProjectionSource`` of its ``StreamingSession``: it follows the video events
/// with a frame pump per stream, the HMI level for its state, and hands the driver's touches (already de-duplicated
/// and in view points) to the window.
///
/// ```swift
/// try await projection.streaming.run(source: projection.source)
/// ```
public struct CarWindowProjectionSource: ProjectionSource {
    let projection: CarWindowProjection

    public func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let projection = self.projection
        let statuses = await context.session.hmiStatusUpdates()
        await projection.attach(context)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await status in statuses { await projection.hmiChanged(status) }
            }
            for await event in context.videoEvents { await projection.handle(event) }
            group.cancelAll()
        }
        await projection.detach()
    }

    public func received(_ touch: ProjectionTouch) async {
        await projection.received(touch)
    }
}
