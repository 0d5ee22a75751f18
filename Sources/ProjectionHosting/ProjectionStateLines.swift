package import SDLProjection
import SDLRPC
import SDLStreaming

/// The `state: ...` and `screen: ...` lines `carwindow demo` and `carwindow project` print while they read the run's
/// events: the projection's state, derived again after each event that can move it and said when it moved, and the
/// screen of each video stream that starts.
package struct ProjectionStateLines {
    package let projection: Projection
    private var last: ProjectionState = .disconnected

    package init(projection: Projection) {
        self.projection = projection
    }

    /// What to print after `event`, in order: nothing for most events.
    package mutating func lines(after event: ProjectionEvent) async -> [String] {
        var lines: [String] = []
        switch event {
        case .video(.started(let stream)):
            let haptics = stream.hapticSpatialDataSupported ? "on" : "off"
            lines.append(
                "screen: \(stream.size.width)x\(stream.size.height) at scale \(stream.scale.factor), haptics \(haptics)"
            )
        case .hmiStatus, .video, .registered, .reconnecting, .error(_, nil):
            break
        default:
            return []
        }
        let state = await projection.state
        if state != last {
            last = state
            lines.append("state: \(state)")
        }
        return lines
    }
}
