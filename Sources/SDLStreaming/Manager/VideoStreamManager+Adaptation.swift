import Logging

/// The frame path's hook for bitrate adaptation: one look at the link before each app frame is encoded.
extension VideoStreamManager {
    func startAdaptation(_ configuration: VideoEncoderConfiguration) {
        let adaptation = machine.settings.bitrateAdaptation
        bitrateController =
            adaptation.isEnabled
            ? BitrateController(configuration: adaptation, target: configuration.bitrate) : nil
        adaptationOrigin = clock.now
        stats.targetBitrate = configuration.bitrate
    }

    func stopAdaptation() {
        bitrateController = nil
        adaptationOrigin = nil
        stats.targetBitrate = nil
    }

    /// Asks the controller about the next app frame: moves the encoder's target if it says so, and returns
    /// `.notSent(.droppedForBackPressure)` for a frame to drop before the encoder, `nil` to encode it.
    func adaptBeforeEncoding(_ encoder: Factory.Encoder) async -> VideoFrameResult? {
        guard bitrateController != nil else { return nil }
        let generation = encoderGeneration
        let sample = await connection.linkPressure()
        // Re-read after the await: the encoder (and its controller) may have been replaced meanwhile.
        guard let pressure = sample, generation == encoderGeneration, var controller = bitrateController,
            let origin = adaptationOrigin
        else { return nil }
        let pacedBefore = controller.framesPaced
        let decision = controller.decide(at: origin.duration(to: clock.now), pressure: pressure)
        if controller.framesPaced > pacedBefore { stats.framesPacedForLink += 1 }
        bitrateController = controller
        // The statistics first, before the event and before any suspension: a reader woken by the event (or running
        // while the encoder takes the new target) sees counts that include this decision's drop.
        if !decision.encodes { stats.framesDroppedForLink += 1 }
        if let change = decision.newTarget {
            stats.targetBitrate = change.bitrate
            if change.reason == .congested { stats.bitrateDecreases += 1 } else { stats.bitrateIncreases += 1 }
            logger.info(
                "video bitrate",
                metadata: [
                    "bitrate": "\(change.bitrate)", "previous": "\(change.previous)",
                    "reason": "\(change.reason)", "dropped": "\(change.framesDropped)",
                ])
            emit(.bitrateChanged(change))
            do {
                try await encoder.setTargetBitrate(change.bitrate)
            } catch {
                logger.warning("the encoder refused a new bitrate", metadata: ["error": "\(error)"])
            }
        }
        guard decision.encodes else { return .notSent(.droppedForBackPressure) }
        return nil
    }

    /// Tells the controller about a frame the transport took: it spends the pacing budget and measures the link.
    func adaptAfterSending(bytes: Int, sendingTime: Duration) {
        guard var controller = bitrateController, let origin = adaptationOrigin else { return }
        controller.recordSent(bytes: bytes, sendingTime: sendingTime, at: origin.duration(to: clock.now))
        bitrateController = controller
    }
}
