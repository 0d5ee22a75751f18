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

    @Test("a decrease lands under the rate the congested link took, when that is lower than one step")
    func lowersToTheLinkRate() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        let pressure = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1, sentBitsPerSecond: 1_000_000)
        #expect(controller.decide(at: .seconds(1), pressure: pressure).newTarget?.bitrate == 800_000)
        // A link that took more than one step's worth: the step decides.
        var fast = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        let plenty = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1, sentBitsPerSecond: 2_900_000)
        #expect(fast.decide(at: .seconds(1), pressure: plenty).newTarget?.bitrate == 2_100_000)
        // Never below the floor, whatever the link took.
        var slow = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        let trickle = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1, sentBitsPerSecond: 50_000)
        #expect(slow.decide(at: .seconds(1), pressure: trickle).newTarget?.bitrate == 200_000)
    }

    @Test("raising stays under the rate measured at the last congestion until the link has been clear for 10 s")
    func raisingRemembersTheLink() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 2_000_000)
        let congested = LinkPressure(lastWait: .milliseconds(150), messagesTaken: 1, sentBitsPerSecond: 1_000_000)
        #expect(controller.decide(at: .seconds(1), pressure: congested).newTarget?.bitrate == 800_000)
        var targets: [Int] = []
        for step in 1...150 {
            let at = Duration.seconds(1) + .milliseconds(step * 100)
            let clear = LinkPressure(lastWait: .milliseconds(2), messagesTaken: 1 + step, sentBitsPerSecond: 700_000)
            if let change = controller.decide(at: at, pressure: clear).newTarget { targets.append(change.bitrate) }
        }
        // Under 0.8 x 1 Mbit/s the target cannot rise at all; after 10 s clear it climbs by 5 % of the ceiling.
        #expect(targets == [900_000, 1_000_000, 1_100_000, 1_200_000, 1_300_000])
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
        #expect(!first.keyFrame)
        #expect(first.newTarget == BitrateChange(bitrate: 700_000, previous: 1_000_000, reason: .congested,
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

    @Test("a long wait drops frames before the encoder for about as long, then the next frame is an IDR")
    func dropsThenIDR() {
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
        // 400 ms after the first drop: the backlog has drained; this frame goes, as an IDR.
        let after = controller.decide(at: .milliseconds(2_400), pressure: Self.waited(.milliseconds(400), 60))
        #expect(after == BitrateDecision(encodes: true, keyFrame: true))
        // Only the first frame after the drops is an IDR.
        let next = controller.decide(at: .milliseconds(2_433), pressure: Self.clear(61))
        #expect(next == BitrateDecision(encodes: true))
    }

    @Test("the drop span is bounded: a huge wait drops at most maximumDropSpan of frames")
    func dropSpanBounded() {
        var controller = BitrateController(configuration: BitrateAdaptation(maximumDropSpan: .milliseconds(500)),
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
        let decision = controller.decide(at: .seconds(1), pressure: Self.waited(.seconds(5), 1))
        #expect(decision == BitrateDecision(encodes: true))
        #expect(controller.target == 1_000_000)
    }

    @Test("configuration values are clamped to sane ranges")
    func clamped() {
        let adaptation = BitrateAdaptation(floor: 1, decreaseFactor: 2, increaseFraction: 0, congestedWait: .zero,
                                           dropWait: .zero)
        #expect(adaptation.floor == 64_000)
        #expect(adaptation.decreaseFactor == 0.95)
        #expect(adaptation.increaseFraction == 0.01)
        #expect(adaptation.congestedWait == .milliseconds(1))
        #expect(adaptation.dropWait == .milliseconds(1))
    }
}
