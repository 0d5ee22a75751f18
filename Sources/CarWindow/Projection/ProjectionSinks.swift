import SDLMedia
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming

/// The video manager as the pump's ``FrameSink``: the frame goes into the manager's one ordered frame path, and the
/// answer is mapped onto the pump's two outcomes.
struct VideoManagerFrameSink: FrameSink {
    let manager: CarWindowProjection.VideoManager

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

/// Sends the pump's haptic updates through the run's context, which reports them in the run's events (`hapticRects`);
/// a refusal is also an error of the projection.
struct ContextHapticSink: HapticDataSink {
    let context: ProjectionContext
    let projection: CarWindowProjection

    func send(_ request: SendHapticData) async {
        if await !context.send(haptics: request), !Task.isCancelled {
            // The run's events say why; the projection's subscribers learn that it failed. A cancelled send is a
            // stream that ended, no failure.
            await projection.report(CarWindowError(.session, "SendHapticData was not accepted"))
        }
    }
}
