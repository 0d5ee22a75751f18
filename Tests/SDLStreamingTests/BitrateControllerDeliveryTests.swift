import Testing

@testable import SDLStreaming

/// The bitrate controller and the link's rate the transport measured while a backlog drained
/// (`LinkPressure.deliveryRate`): evidence of a link slower than the target even when nothing waited long, as when
/// an IDR smaller than the buffers on the way is taken at once and then crosses a slow link.
@Suite("Bitrate controller: delivery rate")
struct BitrateControllerDeliveryTests {
    static func measured(_ rate: Int, count: Int, taken: Int = 1) -> LinkPressure {
        LinkPressure(lastWait: .milliseconds(2), messagesTaken: taken, deliveryRate: rate, deliveryMeasurements: count)
    }

    @Test("a rate under the target lowers it at once, with no wait, to 0.8 of that rate")
    func lowersAtOnce() throws {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        let decision = controller.decide(at: .seconds(1), pressure: Self.measured(1_000_000, count: 1))
        let change = try #require(decision.newTarget)
        #expect(change.bitrate == 800_000)
        #expect(change.previous == 3_000_000)
        #expect(change.reason == .congested)
        // The frame itself is still encoded: nothing is waiting, there is no backlog to drain.
        #expect(decision.encodes)
    }

    @Test("one measurement counts once; a new one lowers again, after the decrease interval")
    func countedOnce() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        _ = controller.decide(at: .seconds(1), pressure: Self.measured(1_000_000, count: 1))
        #expect(controller.target == 800_000)
        // The same figure, seen again and again, is not new evidence: no further cut, however long it is read.
        for n in 1...30 {
            let decision = controller.decide(
                at: .seconds(1) + .milliseconds(n * 33), pressure: Self.measured(500_000, count: 1, taken: 1 + n))
            #expect(decision.newTarget == nil)
        }
        #expect(controller.target == 800_000)
        // A new, lower measurement: the target goes under it.
        let next = controller.decide(at: .seconds(3), pressure: Self.measured(700_000, count: 2, taken: 40))
        #expect(next.newTarget?.bitrate == 560_000)
    }

    @Test("a rate at or over the target is no congestion: the target stays")
    func fastEnough() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 1_500_000)
        #expect(controller.decide(at: .seconds(1), pressure: Self.measured(1_500_000, count: 1)).newTarget == nil)
        #expect(controller.decide(at: .seconds(2), pressure: Self.measured(9_000_000, count: 2)).newTarget == nil)
        #expect(controller.target == 1_500_000)
    }

    @Test("raising after such a cut stays under the measured rate until the link has been clear for 30 s")
    func raisingRemembersTheRate() {
        var controller = BitrateController(configuration: BitrateAdaptation(), target: 3_000_000)
        _ = controller.decide(at: .seconds(1), pressure: Self.measured(1_000_000, count: 1))
        var frame = 1
        // 20 s of a clear link, the same measurement: never above 0.8 x 1 Mbit/s.
        while Duration.milliseconds(frame * 33) < .seconds(20) {
            _ = controller.decide(
                at: .seconds(1) + .milliseconds(frame * 33), pressure: Self.measured(1_000_000, count: 1, taken: frame))
            frame += 1
        }
        #expect(controller.target == 800_000)
    }

    @Test("disabled: a measurement changes nothing")
    func disabled() {
        var controller = BitrateController(configuration: .disabled, target: 3_000_000)
        #expect(controller.decide(at: .seconds(1), pressure: Self.measured(100_000, count: 1)).newTarget == nil)
        #expect(controller.target == 3_000_000)
    }
}
