import SDLMedia
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

/// Sends the pump's haptic updates as `SendHapticData` over the session and tells the projection what happened.
struct SessionHapticSink: HapticDataSink {
    let session: SDLSession
    let projection: CarWindowProjection

    func send(_ request: SendHapticData) async {
        let count = request.hapticRectData?.count ?? 0
        do {
            let response = try await session.send(request)
            if response.success {
                await projection.hapticRectsSent(count: count)
            } else {
                await projection.report(
                    CarWindowError(.session, "SendHapticData refused: \(response.resultCode) \(response.info ?? "")"))
            }
        } catch {
            await projection.report(CarWindowError(.session, "SendHapticData: \(error)"))
        }
    }
}
