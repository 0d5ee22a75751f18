import Testing

@testable import SDLStreaming

/// Waits this process caused (a head unit flooding it with touches, a busy machine) against waits the link caused,
/// told apart by the transport's time spent waiting for the link (``LinkPressure/linkWaited``).
@Suite("Bitrate controller: the link's waits, not the process's")
struct BitrateControllerLocalWaitTests {
    static func frame(_ n: Int) -> Duration { .milliseconds(n * 33) }

    /// The last video message waited `wait` (message `taken`), while the transport had waited `linkWaited` for the
    /// link in all.
    static func pressure(_ wait: Duration, taken: Int, linkWaited: Duration?, waiting: Bool = false) -> LinkPressure {
        LinkPressure(
            oldestWait: wait, lastWait: wait, messagesTaken: taken, linkWaited: linkWaited, isWaitingForLink: waiting)
    }

    @Test("long waits with no send waiting for the link neither lower the target nor drop a frame")
    func processWaitsMoveNothing() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        // Three seconds of 400 ms waits (past dropWait) while the kernel never held a byte back.
        for n in 1...90 {
            let decision = controller.decide(
                at: Self.frame(n), pressure: Self.pressure(.milliseconds(400), taken: n, linkWaited: .zero))
            #expect(decision.encodes, "frame \(n)")
            #expect(decision.newTarget == nil, "frame \(n)")
        }
        #expect(controller.target == 1_500_000)
        #expect(controller.framesDropped == 0)
    }

    @Test("the same waits with the transport waiting for the link lower the target and drop frames")
    func linkWaitsLower() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        var linkWaited = Duration.zero
        var lowered = false
        var dropped = false
        for n in 1...90 {
            linkWaited += .milliseconds(30)
            let decision = controller.decide(
                at: Self.frame(n), pressure: Self.pressure(.milliseconds(400), taken: n, linkWaited: linkWaited))
            if let change = decision.newTarget, change.reason == .congested { lowered = true }
            if !decision.encodes { dropped = true }
        }
        #expect(lowered)
        #expect(dropped)
        #expect(controller.target < 1_500_000)
    }

    @Test("a send waiting for the link right now makes a wait the link's, even before its time is counted")
    func waitingNowCounts() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        let decision = controller.decide(
            at: .seconds(1),
            pressure: Self.pressure(.milliseconds(150), taken: 1, linkWaited: .zero, waiting: true))
        #expect(decision.newTarget?.reason == .congested)
    }

    @Test("a moment's wait for the link (a key frame over the kernel's limit) does not make the process's waits count")
    func momentaryHoldBackIsTolerated() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        let decision = controller.decide(
            at: .seconds(1), pressure: Self.pressure(.milliseconds(150), taken: 1, linkWaited: .milliseconds(5)))
        #expect(decision.newTarget == nil)
        #expect(decision.encodes)
    }

    @Test("a transport that cannot tell (no figure): every wait counts, as before")
    func unknownTransportCountsEveryWait() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        let decision = controller.decide(
            at: .seconds(1), pressure: Self.pressure(.milliseconds(150), taken: 1, linkWaited: nil))
        #expect(decision.newTarget?.reason == .congested)
    }
}
