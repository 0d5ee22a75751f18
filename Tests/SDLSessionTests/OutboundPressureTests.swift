import NIOCore
import SDLWire
import Testing

@testable import SDLSession

/// The bookkeeping behind `SDLSession.outboundPressure`, on explicit instants: what is queued, how long the oldest
/// has waited, and how long each service's last message waited before the transport took it.
@Suite("Outbound pressure")
struct OutboundPressureTests {
    static let origin = ContinuousClock.now

    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { origin + .milliseconds(milliseconds) }

    static func frames(_ service: ServiceType, bytes: [Int]) -> [SDLFrame] {
        bytes.map { size in
            SDLFrame(
                header: FrameHeader(
                    version: 5, frameType: .single, serviceType: service, frameInfo: 0, sessionID: 1,
                    dataSize: UInt32(size)),
                payload: ByteBuffer(repeating: 0, count: size))
        }
    }

    @Test("nothing queued: zero bytes, zero wait, no last wait")
    func idle() {
        let pressure = OutboundPressureTracker().snapshot(at: Self.at(0))
        #expect(pressure == OutboundPressure())
        #expect(pressure.lastWait(on: .video) == nil)
        #expect(pressure.messagesTaken(on: .video) == 0)
    }

    @Test("queued messages count their bytes until taken; the oldest wait grows with time")
    func queuedAndTaken() {
        var tracker = OutboundPressureTracker()
        tracker.queued(Self.frames(.video, bytes: [1_000, 500]), ticket: 1, at: Self.at(0))
        tracker.queued(Self.frames(.rpc, bytes: [200]), ticket: 2, at: Self.at(40))
        let both = tracker.snapshot(at: Self.at(100))
        #expect(both.queuedBytes == 1_700)
        #expect(both.queuedMessages == 2)
        #expect(both.oldestWait == .milliseconds(100))

        tracker.taken([2], at: Self.at(50))
        tracker.taken([1], at: Self.at(300))
        let after = tracker.snapshot(at: Self.at(310))
        #expect(after.queuedBytes == 0)
        #expect(after.oldestWait == .zero)
        #expect(after.lastWait(on: .rpc) == .milliseconds(10))
        #expect(after.lastWait(on: .video) == .milliseconds(300))
        #expect(after.messagesTaken(on: .video) == 1)
    }

    @Test("the oldest is the one queued first, whatever was taken since")
    func oldestAfterPartialTake() {
        var tracker = OutboundPressureTracker()
        tracker.queued(Self.frames(.video, bytes: [100]), ticket: 1, at: Self.at(0))
        tracker.queued(Self.frames(.video, bytes: [100]), ticket: 2, at: Self.at(30))
        tracker.taken([1], at: Self.at(60))
        let pressure = tracker.snapshot(at: Self.at(90))
        #expect(pressure.oldestWait == .milliseconds(60))
        #expect(pressure.queuedBytes == 100)
        #expect(pressure.messagesTaken(on: .video) == 1)
    }

    @Test("a lost connection forgets everything; unknown tickets are ignored")
    func reset() {
        var tracker = OutboundPressureTracker()
        tracker.queued(Self.frames(.audio, bytes: [64]), ticket: 7, at: Self.at(0))
        tracker.taken([99], at: Self.at(5))
        #expect(tracker.snapshot(at: Self.at(5)).queuedBytes == 64)
        tracker.reset()
        #expect(tracker.snapshot(at: Self.at(10)) == OutboundPressure())
    }
}
