import NIOCore
import SDLScheduling
import SDLWire
import Testing

@Suite("Priority frame scheduler")
struct PriorityFrameSchedulerTests {
    static func message(_ service: ServiceType, bytes: Int, id: UInt32) -> SDLMessage {
        SDLMessage(
            version: 5, serviceType: service, sessionID: 1, messageID: id,
            payload: ByteBuffer(repeating: UInt8(truncatingIfNeeded: id), count: bytes))
    }

    static func frames(_ service: ServiceType, bytes: Int, id: UInt32, mtu: Int = 1_000) -> [SDLFrame] {
        MessageFragmenter.frames(for: message(service, bytes: bytes, id: id), maximumPayload: mtu)
    }

    static func drain(_ scheduler: inout PriorityFrameScheduler) -> [(ServiceType, FrameType, UInt64?)] {
        var out: [(ServiceType, FrameType, UInt64?)] = []
        while let (frame, finished) = scheduler.next() {
            out.append((frame.header.serviceType, frame.header.frameType, finished))
        }
        return out
    }

    @Test("an audio chunk queued behind a large video access unit goes out after one video frame")
    func audioBeforeVideo() {
        var scheduler = PriorityFrameScheduler()
        #expect(scheduler.enqueue(Self.frames(.video, bytes: 3_500, id: 1), ticket: 1) == .accepted)
        // The First frame is already on the wire when the audio arrives.
        let first = scheduler.next()
        #expect(first?.frame.header.frameType == .first)
        #expect(scheduler.enqueue(Self.frames(.audio, bytes: 3_200, id: 2, mtu: 131_060), ticket: 2) == .accepted)
        let order = Self.drain(&scheduler)
        #expect(order.map(\.0) == [.audio, .video, .video, .video, .video])
        #expect(order.map(\.2) == [2, nil, nil, nil, 1])
    }

    @Test("lowest service first across every service; FIFO within one")
    func priorityOrder() {
        var scheduler = PriorityFrameScheduler()
        _ = scheduler.enqueue(Self.frames(.bulk, bytes: 10, id: 1), ticket: 1)
        _ = scheduler.enqueue(Self.frames(.video, bytes: 10, id: 2), ticket: 2)
        _ = scheduler.enqueue(Self.frames(.audio, bytes: 10, id: 3), ticket: 3)
        _ = scheduler.enqueue(Self.frames(.rpc, bytes: 10, id: 4), ticket: 4)
        _ = scheduler.enqueue(Self.frames(.audio, bytes: 10, id: 5), ticket: 5)
        #expect(Self.drain(&scheduler).map(\.2) == [4, 3, 5, 2, 1])
        #expect(scheduler.isEmpty)
    }

    @Test("a bounded service refuses a message that would pass its limit, and accepts again once drained")
    func bounded() {
        var scheduler = PriorityFrameScheduler(limits: .init(maximumQueuedBytes: [.video: 4_000]))
        #expect(scheduler.enqueue(Self.frames(.video, bytes: 3_000, id: 1), ticket: 1) == .accepted)
        #expect(
            scheduler.enqueue(Self.frames(.video, bytes: 2_000, id: 2), ticket: 2)
                == .full(service: .video, queued: 3_008, size: 2_008, limit: 4_000))
        #expect(scheduler.queuedBytes(for: .video) == 3_008, "a First frame's 8 bytes count")
        _ = scheduler.next()  // the First frame
        _ = scheduler.next()
        _ = scheduler.next()
        #expect(scheduler.queuedBytes(for: .video) == 1_000)
        #expect(scheduler.enqueue(Self.frames(.video, bytes: 2_000, id: 2), ticket: 2) == .accepted)
        #expect(scheduler.enqueue(Self.frames(.rpc, bytes: 100_000, id: 3), ticket: 3) == .accepted, "unbounded")
    }

    @Test("a message over the limit is still accepted into an empty service queue")
    func oversizedAlone() {
        var scheduler = PriorityFrameScheduler(limits: .init(maximumQueuedBytes: [.video: 1_000]))
        #expect(scheduler.enqueue(Self.frames(.video, bytes: 5_000, id: 1), ticket: 1) == .accepted)
    }

    @Test("removeAll drops a service's messages and returns their tickets")
    func removeAll() {
        var scheduler = PriorityFrameScheduler()
        _ = scheduler.enqueue(Self.frames(.video, bytes: 2_500, id: 1), ticket: 1)
        _ = scheduler.enqueue(Self.frames(.video, bytes: 10, id: 2), ticket: 2)
        _ = scheduler.enqueue(Self.frames(.audio, bytes: 10, id: 3), ticket: 3)
        #expect(scheduler.removeAll(for: .video) == [1, 2])
        #expect(scheduler.queuedBytes(for: .video) == 0)
        #expect(Self.drain(&scheduler).map(\.2) == [3])
    }
}
