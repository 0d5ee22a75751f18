public import SDLProjection
import SDLRPC
import SDLSession

/// A ``CarWindowProjection`` as the `ProjectionSource` of its `StreamingSession`: it follows the video events
/// with a frame pump per stream, and hands the gestures the run recognized in the driver's touches (already
/// de-duplicated and in view points) to the window, which hit-tests them.
///
/// ```swift
/// try await projection.streaming.run(source: projection.source)
/// ```
public struct CarWindowProjectionSource: ProjectionSource {
    let projection: CarWindowProjection

    public func run(in context: ProjectionContext) async throws(ProjectionFailure) {
        let projection = self.projection
        let appearances = projection.appearances.subscribe()
        await projection.attach(context)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await notification in context.notifications {
                    switch notification.functionID {
                    case .onDriverDistraction: await projection.driverDistractionChanged(notification)
                    case .onVehicleData: await projection.vehicleDataChanged(notification)
                    case .onKeyboardInput: await projection.keyboardInput(notification)
                    case .onPermissionsChange: await projection.permissionsChanged(notification)
                    default: break
                    }
                }
            }
            group.addTask { await projection.followAppearance() }
            group.addTask {
                // The theme's switches join the run's events (the `appearance` line).
                for await appearance in appearances {
                    await context.report(.appearance(appearance))
                }
            }
            for await event in context.videoEvents { await projection.handle(event) }
            group.cancelAll()
        }
        await projection.detach()
    }

    public func received(_ action: TouchAction) async {
        await projection.received(action)
    }

    public func received(_ button: ProjectionButton) async {
        await projection.received(button)
    }

    public func isImmediateTap(at point: Point) async -> Bool {
        await projection.isImmediateTap(at: point)
    }
}
