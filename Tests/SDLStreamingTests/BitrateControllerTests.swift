import Testing

@testable import SDLStreaming

/// The bitrate controller on explicit timestamps: no clock, no link, every decision from the samples it is given.
@Suite("Bitrate controller")
struct BitrateControllerTests {
    /// 30 fps: frame `n` is at n x 33 ms.
    static func frame(_ n: Int) -> Duration { .milliseconds(n * 33) }

    /// An idle link with `taken` video messages so far.
    static func clear(_ taken: Int) -> LinkPressure { LinkPressure(lastWait: .milliseconds(2), messagesTaken: taken) }

    /// The last video message waited `wait`; `taken` counts it.
    static func waited(_ wait: Duration, _ taken: Int) -> LinkPressure {
        LinkPressure(lastWait: wait, messagesTaken: taken)
    }

    /// A frame of `bytes` whose send took `took`, recorded at `at`: with a slow send, a measurement of the link.
    static func sent(_ controller: inout BitrateController, _ bytes: Int, took: Duration, at: Duration) {
        controller.recordSent(bytes: bytes, sendingTime: took, at: at)
    }

    /// A link kept busy for the second before `end`: ten sends of `bytes`, each taking 100 ms.
    static func busyLink(_ controller: inout BitrateController, _ bytes: Int, until end: Duration) {
        for n in 0..<10 { sent(&controller, bytes, took: .milliseconds(100), at: end - .milliseconds(900 - n * 100)) }
    }

    @Test("a decrease lands under the link's measured rate, when that is lower than one step")
    func lowersToTheLinkRate() {
        let congested = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1)
        // 12 500 bytes every 100 ms, each send taking all of it: a 1 Mbit/s link.
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        Self.busyLink(&controller, 12_500, until: .milliseconds(950))
        #expect(controller.measuredLinkRate == 1_000_000)
        #expect(controller.deliveredRate == 1_000_000)
        #expect(controller.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 800_000)
        // A link that took more than one step's worth (2.9 Mbit/s): the step decides.
        var fast = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        Self.busyLink(&fast, 36_250, until: .milliseconds(950))
        #expect(fast.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 2_100_000)
        // Never below the floor, whatever the link took (50 kbit/s).
        var slow = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        Self.busyLink(&slow, 625, until: .milliseconds(950))
        #expect(slow.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 200_000)
    }

    @Test("sends that look fast (kernel buffers took them at once) cannot make the link look faster than it carried")
    func deliveredBoundsTheLink() {
        // Two 25 000-byte frames in the last second, each send over in 40 ms: 5 Mbit/s by their sending time,
        // but only 400 kbit/s actually went: the decrease goes to 0.8 x 400 kbit/s.
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        Self.sent(&controller, 25_000, took: .milliseconds(40), at: .milliseconds(400))
        Self.sent(&controller, 25_000, took: .milliseconds(40), at: .milliseconds(900))
        #expect(controller.measuredLinkRate == 5_000_000)
        #expect(controller.deliveredRate == 400_000)
        let congested = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1)
        #expect(controller.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 320_000)
    }

    @Test("the link's rate counts only sends that waited for the link, and only those of the last second")
    func measuredLinkRate() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        // Sends the socket took at once say nothing about the link.
        Self.sent(&controller, 50_000, took: .milliseconds(1), at: .milliseconds(500))
        #expect(controller.measuredLinkRate == nil)
        Self.sent(&controller, 12_500, took: .milliseconds(100), at: .milliseconds(600))
        #expect(controller.measuredLinkRate == 1_000_000)
        // 1.1 s later the first slow send is forgotten: only the new one (2 Mbit/s) counts.
        Self.sent(&controller, 25_000, took: .milliseconds(100), at: .milliseconds(1_700))
        #expect(controller.measuredLinkRate == 2_000_000)
        // Two slow sends together: bytes over time (37 500 bytes in 200 ms: 1.5 Mbit/s).
        Self.sent(&controller, 12_500, took: .milliseconds(100), at: .milliseconds(1_800))
        #expect(controller.measuredLinkRate == 1_500_000)
    }

    @Test("raising stays under the rate measured at the last congestion until the link has been clear for 30 s")
    func raisingRemembersTheLink() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 2_000_000)
        Self.busyLink(&controller, 12_500, until: .milliseconds(950))
        let congested = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1)
        #expect(controller.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 800_000)
        var targets: [Int] = []
        for step in 1...350 {
            let at = Duration.seconds(1) + .milliseconds(step * 100)
            let clear = LinkPressure(lastWait: .milliseconds(2), messagesTaken: 1 + step)
            if let change = controller.decide(at: at, pressure: clear).newTarget { targets.append(change.bitrate) }
        }
        // Under 0.8 x 1 Mbit/s the target cannot rise at all; after 30 s clear it climbs by 5 % of the ceiling.
        #expect(targets == [900_000, 1_000_000, 1_100_000, 1_200_000, 1_300_000])
    }

    @Test("within one slow stretch the lowest link rate measured bounds raising, not the latest")
    func lowestRateOfTheEpisode() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 2_000_000)
        Self.busyLink(&controller, 12_500, until: .milliseconds(950))
        #expect(
            controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(150), 1)).newTarget?.bitrate
                == 800_000)
        // Congested again a second later, now measuring 2 Mbit/s (say, kernel buffers swallowed a burst).
        Self.busyLink(&controller, 25_000, until: .milliseconds(1_950))
        #expect(
            controller.decide(at: .seconds(2), pressure: Self.waited(.milliseconds(150), 2)).newTarget?.bitrate
                == 560_000)
        var targets: [Int] = []
        for step in 1...60 {
            let at = Duration.seconds(2) + .milliseconds(step * 100)
            if let change = controller.decide(at: at, pressure: Self.clear(2 + step)).newTarget {
                targets.append(change.bitrate)
            }
        }
        // Raising stops at 0.8 x 1 Mbit/s, the lower of the two measurements.
        #expect(targets == [660_000, 760_000, 800_000])
    }

    @Test("below the ceiling, frames are dropped before the encoder while the bytes sent run ahead of the target")
    func pacing() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        #expect(
            controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(150), 1)).newTarget?.bitrate
                == 700_000)
        // The encoder overshoots: 5 000 bytes a frame at 30 fps is 1.2 Mbit/s, over the 700 kbit/s target.
        var sentBytes = 0
        var encoded = 0
        for n in 1...59 {
            let at = Duration.seconds(1) + Self.frame(n)
            let decision = controller.decide(at: at, pressure: Self.clear(1 + n))
            #expect(decision.newTarget == nil)
            guard decision.encodes else { continue }
            encoded += 1
            sentBytes += 5_000
            Self.sent(&controller, 5_000, took: .milliseconds(1), at: at)
        }
        // The budget filled at 87 500 bytes/s from 1 s to 2.947 s: what went is that, give or take one frame.
        let budget = 87_500 * 1.947
        #expect(Double(sentBytes) <= budget + 5_000)
        #expect(Double(sentBytes) >= budget - 5_000)
        #expect(controller.framesPaced == 59 - encoded)
        #expect(controller.framesDropped == controller.framesPaced)
    }

    @Test("at the ceiling nothing is paced, however far the encoder overshoots")
    func noPacingAtTheCeiling() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        for n in 0..<90 {
            #expect(controller.decide(at: Self.frame(n), pressure: Self.clear(n)).encodes)
            Self.sent(&controller, 20_000, took: .milliseconds(1), at: Self.frame(n))
        }
        #expect(controller.framesDropped == 0)
    }

    @Test("a clear link: every frame is encoded, no IDR, the target stays at the ceiling")
    func clearLink() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        for n in 0..<300 {
            let decision = controller.decide(at: Self.frame(n), pressure: Self.clear(n))
            #expect(decision == BitrateDecision(encodes: true))
        }
        #expect(controller.target == 1_500_000)
        #expect(controller.framesDropped == 0)
    }

    @Test("a congested wait lowers the target by the factor, at most once per decrease interval")
    func congestedLowers() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        let first = controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(150), 1))
        #expect(first.encodes)
        #expect(
            first.newTarget
                == BitrateChange(
                    bitrate: 700_000, previous: 1_000_000, reason: .congested,
                    framesDropped: 0))
        // 300 ms later, still congested: too soon for another decrease.
        let soon = controller.decide(at: .milliseconds(1_300), pressure: Self.waited(.milliseconds(150), 2))
        #expect(soon.newTarget == nil)
        #expect(controller.target == 700_000)
        // 500 ms after the first: the next step.
        let later = controller.decide(at: .milliseconds(1_500), pressure: Self.waited(.milliseconds(150), 3))
        #expect(later.newTarget?.bitrate == 490_000)
        #expect(later.newTarget?.previous == 700_000)
    }

    @Test("steps down to the floor and never below it")
    func floor() {
        var controller = BitrateController(configuration: BitrateAdaptation(floor: 300_000), target: 1_000_000)
        var targets: [Int] = []
        for step in 0..<10 {
            let at = Duration.seconds(step)
            if let change = controller.decide(at: at, pressure: Self.waited(.milliseconds(200), step)).newTarget {
                targets.append(change.bitrate)
            }
        }
        #expect(targets == [700_000, 490_000, 343_000, 300_000])
        #expect(controller.target == 300_000)
    }

    @Test("a target the app set below the floor is never lowered")
    func appTargetBelowFloor() {
        var controller = BitrateController(configuration: BitrateAdaptation(floor: 500_000), target: 400_000)
        let decision = controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(200), 1))
        #expect(decision.newTarget == nil)
        #expect(controller.target == 400_000)
    }

    @Test("a long wait drops frames before the encoder for about as long; the next frame needs no IDR")
    func dropsThenEncodes() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        // At 2 s the last frame waited 400 ms: drop, and lower.
        let drop = controller.decide(at: .seconds(2), pressure: Self.waited(.milliseconds(400), 60))
        #expect(!drop.encodes)
        #expect(drop.newTarget?.bitrate == 1_050_000)
        #expect(drop.newTarget?.framesDropped == 1)
        // The same measurement again (no new message taken) is not counted twice; still inside the drop span.
        let during = controller.decide(at: .milliseconds(2_200), pressure: Self.waited(.milliseconds(400), 60))
        #expect(!during.encodes)
        #expect(during.newTarget == nil)
        #expect(controller.framesDropped == 2)
        // 400 ms after the first drop: the backlog has drained; this frame goes. The decoder never saw the dropped
        // frames, so the reference chain is whole: no IDR (the decision has no way to ask for one).
        let after = controller.decide(at: .milliseconds(2_400), pressure: Self.waited(.milliseconds(400), 60))
        #expect(after == BitrateDecision(encodes: true))
        let next = controller.decide(at: .milliseconds(2_433), pressure: Self.clear(61))
        #expect(next == BitrateDecision(encodes: true))
    }

    @Test("the drop span is bounded: a huge wait drops at most maximumDropSpan of frames")
    func dropSpanBounded() {
        var controller = BitrateController(
            configuration: BitrateAdaptation(maximumDropSpan: .milliseconds(500)),
            target: 1_500_000)
        #expect(!controller.decide(at: .seconds(1), pressure: Self.waited(.seconds(30), 10)).encodes)
        #expect(!controller.decide(at: .milliseconds(1_499), pressure: Self.waited(.seconds(30), 10)).encodes)
        #expect(controller.decide(at: .milliseconds(1_500), pressure: Self.waited(.seconds(30), 10)).encodes)
    }

    @Test("a message waiting now counts even before it is taken; so do queued bytes at the current target")
    func pendingSignals() {
        var waiting = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        let oldest = LinkPressure(queuedBytes: 1_000, oldestWait: .milliseconds(300), messagesTaken: 5)
        #expect(!waiting.decide(at: .seconds(1), pressure: oldest).encodes)

        var queued = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        // 20 000 bytes at 1 Mbit/s: 160 ms of sending queued up, congested but not yet a drop.
        let bytes = LinkPressure(queuedBytes: 20_000, messagesTaken: 5)
        let decision = queued.decide(at: .seconds(1), pressure: bytes)
        #expect(decision.encodes)
        #expect(decision.newTarget?.bitrate == 700_000)
    }

    @Test("after recovery the target rises slowly: recovery delay, then one step of 5 % of the ceiling a second")
    func risesSlowly() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        _ = controller.decide(at: .seconds(10), pressure: Self.waited(.milliseconds(150), 1))
        #expect(controller.target == 700_000)
        var changes: [(Duration, Int)] = []
        // Clear from 10.1 s on, a frame every 100 ms for 5 s.
        for step in 1...50 {
            let at = Duration.seconds(10) + .milliseconds(step * 100)
            if let change = controller.decide(at: at, pressure: Self.clear(1 + step)).newTarget {
                #expect(change.reason == .recovered)
                changes.append((at, change.bitrate))
            }
        }
        #expect(changes.map(\.0) == [.milliseconds(12_100), .milliseconds(13_100), .milliseconds(14_100)])
        #expect(changes.map(\.1) == [750_000, 800_000, 850_000])
    }

    @Test("never rises above the ceiling (the negotiated target)")
    func ceiling() {
        var controller = BitrateController(configuration: BitrateAdaptation(increaseFraction: 0.5), target: 1_000_000)
        _ = controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(150), 1))
        #expect(controller.target == 700_000)
        for step in 0..<100 {
            _ = controller.decide(at: .seconds(2) + .milliseconds(step * 100), pressure: Self.clear(2 + step))
        }
        #expect(controller.target == 1_000_000)
        #expect(controller.ceiling == 1_000_000)
    }

    @Test("congestion during recovery restarts the recovery delay")
    func congestionResetsRecovery() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_000_000)
        _ = controller.decide(at: .seconds(1), pressure: Self.waited(.milliseconds(150), 1))
        _ = controller.decide(at: .milliseconds(2_500), pressure: Self.clear(2))
        // Congested again at 2.9 s (and lowered: 1.9 s after the last decrease).
        let again = controller.decide(at: .milliseconds(2_900), pressure: Self.waited(.milliseconds(120), 3))
        #expect(again.newTarget?.bitrate == 490_000)
        // Clear from 3 s: no rise at 4.6 s (the clear stretch started at 3 s), one at 5 s.
        #expect(controller.decide(at: .seconds(3), pressure: Self.clear(4)).newTarget == nil)
        #expect(controller.decide(at: .milliseconds(4_600), pressure: Self.clear(5)).newTarget == nil)
        #expect(controller.decide(at: .seconds(5), pressure: Self.clear(6)).newTarget?.bitrate == 540_000)
    }

    @Test("disabled: encodes every frame whatever the link says")
    func disabled() {
        var controller = BitrateController(configuration: .disabled, target: 1_000_000)
        Self.sent(&controller, 12_500, took: .milliseconds(100), at: .milliseconds(900))
        let decision = controller.decide(at: .seconds(1), pressure: Self.waited(.seconds(5), 1))
        #expect(decision == BitrateDecision(encodes: true))
        #expect(controller.target == 1_000_000)
        #expect(controller.measuredLinkRate == nil)
    }

    @Test("configuration values are clamped to sane ranges")
    func clamped() {
        let adaptation = BitrateAdaptation(
            floor: 1, decreaseFactor: 2, increaseFraction: 0, congestedWait: .zero,
            dropWait: .zero)
        #expect(adaptation.floor == 64_000)
        #expect(adaptation.decreaseFactor == 0.95)
        #expect(adaptation.increaseFraction == 0.01)
        #expect(adaptation.congestedWait == .milliseconds(1))
        #expect(adaptation.dropWait == .milliseconds(1))
    }
}
