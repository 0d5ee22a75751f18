import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// The video manager as the pump's ``FrameSink``: the frame goes into the manager's one ordered frame path, and the
/// answer is mapped onto the pump's two outcomes.
struct VideoManagerFrameSink: FrameSink {
    let manager: Projection.VideoManager

    func submit(_ frame: VideoFrame) async -> FrameSubmissionResult {
        Self.result(await manager.send(frame, presentationTime: frame.presentationTime))
    }

    /// A frame the encoder's rate control skipped was still taken; anything not sent must be sent again.
    static func result(_ result: VideoFrameResult) -> FrameSubmissionResult {
        switch result {
        case .sent, .notSent(.skippedByEncoder): .accepted
        case .notSent: .dropped
        }
    }
}

/// Sends the pump's haptic updates through the run's context, which reports them in the run's events: `hapticRects`,
/// or a refusal's `error` (source `haptics`).
struct ContextHapticSink: HapticDataSink {
    let context: ProjectionContext

    func send(_ request: SendHapticData) async {
        await context.send(haptics: request)
    }
}
