import SDLMedia
import Testing

@testable import HeadUnitViewer

@Suite("ClientQueue: bounded per-browser queue")
struct ClientQueueTests {
    static func picture(_ sequence: UInt32, key: Bool, bytes: Int = 10) -> QueuedPicture {
        QueuedPicture(
            kind: .h264, isKeyframe: key, width: 800, height: 480, sequence: sequence, presentationTime: 0,
            arrivalTime: 0, payload: [UInt8](repeating: 0, count: bytes))
    }

    /// Pushes a pattern ("K" keyframe, "d" delta) into a queue of 3 pictures nobody drains; returns what is left.
    static func run(_ pattern: String, limit: Int = 3) -> (queued: [UInt32], dropped: UInt32) {
        var queue = ClientQueue(limits: .init(pictures: limit, bytes: 1 << 20, texts: 4))
        for (index, character) in pattern.enumerated() {
            queue.enqueue(picture(UInt32(index), key: character == "K"))
        }
        var queued: [UInt32] = []
        while case .picture(let next) = queue.next() { queued.append(next.sequence) }
        return (queued, queue.droppedPictures)
    }

    @Test(
        "drops deltas when full until the next keyframe, which replaces the queue",
        arguments: [
            ("Kdd", [0, 1, 2] as [UInt32], 0 as UInt32),  // fits
            ("Kddd", [0, 1, 2], 1),  // one over: the delta is dropped
            ("Kdddd", [0, 1, 2], 2),  // and every delta after it
            ("KdddK", [4], 4),  // a keyframe clears the full queue: 3 queued + 1 dropped delta
            ("dKd", [1, 2], 1),  // a new browser waits for its first keyframe
            ("KdddKd", [4, 5], 4),  // after the keyframe deltas flow again
        ])
    func dropRule(pattern: String, queued: [UInt32], dropped: UInt32) {
        let result = Self.run(pattern)
        #expect(result.queued == queued)
        #expect(result.dropped == dropped)
    }

    @Test("the byte limit bounds memory as the picture limit does")
    func byteLimit() {
        var queue = ClientQueue(limits: .init(pictures: 100, bytes: 25, texts: 4))
        let accepted = [
            queue.enqueue(Self.picture(0, key: true, bytes: 10)),
            queue.enqueue(Self.picture(1, key: false, bytes: 10)),
            queue.enqueue(Self.picture(2, key: false, bytes: 10)),
        ]
        #expect(accepted == [true, true, false])
        #expect(queue.queuedPictureBytes == 20)
        #expect(queue.droppedPictures == 1)
    }

    @Test("a browser that never reads holds at most the limit, however long the stream")
    func slowClientStaysBounded() {
        var queue = ClientQueue(limits: .init(pictures: 30, bytes: 1 << 20, texts: 4))
        for index in 0..<10_000 {
            queue.enqueue(Self.picture(UInt32(index), key: index % 60 == 0))
            #expect(queue.pictureCount <= 30)
        }
        #expect(queue.droppedPictures > 9_000)
        // The first picture waiting is a keyframe: the browser can decode from there.
        guard case .picture(let first) = queue.next() else {
            Issue.record("nothing queued")
            return
        }
        #expect(first.isKeyframe)
    }

    @Test("text goes before pictures, and the oldest text is dropped past the limit")
    func texts() {
        var queue = ClientQueue(limits: .init(pictures: 3, bytes: 1 << 20, texts: 2))
        queue.enqueue(Self.picture(0, key: true))
        queue.enqueue(text: "a")
        queue.enqueue(text: "b")
        queue.enqueue(text: "c")
        #expect(queue.next() == .text("b"))
        #expect(queue.next() == .text("c"))
        #expect(queue.next() == .picture(Self.picture(0, key: true)))
        #expect(queue.next() == nil)
        #expect(queue.droppedTexts == 1)
    }

    @Test("the outbox queues only the kind of picture its browser asked for")
    func outboxModes() {
        let outbox = ClientOutbox(limits: .init())
        outbox.enqueue(Self.picture(0, key: true))
        #expect(outbox.queueSnapshot.pictureCount == 0)  // no hello yet
        outbox.setMode(.jpeg)
        outbox.enqueue(Self.picture(1, key: true))
        #expect(outbox.queueSnapshot.pictureCount == 0)
        var jpeg = Self.picture(2, key: true)
        jpeg.kind = .jpeg
        outbox.enqueue(jpeg)
        #expect(outbox.queueSnapshot.pictureCount == 1)
        outbox.close()
        outbox.enqueue(jpeg)
        #expect(outbox.queueSnapshot.pictureCount == 1)
    }
}

@Suite("ViewerHub: fan-out to many browsers")
struct ViewerHubTests {
    static func unit(_ index: Int) -> ViewerAccessUnit {
        let units = AnnexB.accessUnits(in: AnnexBTests.stream)
        return ViewerAccessUnit(
            bytes: index % 60 == 0 ? units[0] : units[1], presentationTime: .milliseconds(index * 33),
            arrivalTime: WallClockTime(millisecondsSince1970: Double(index)), width: 800, height: 480)
    }

    @Test("a browser that stops reading is bounded and drops; a reading one gets every picture")
    func slowAndFastBrowsers() async throws {
        let hub = ViewerHub(initialState: ViewerState(screen: .wvga)) { () throws(ViewerError) in
            throw ViewerError(.transcoder, "not in this test")
        }
        let slow = ClientOutbox(limits: .init(pictures: 8, bytes: 1 << 20, texts: 16))
        let fast = ClientOutbox(limits: .init(pictures: 8, bytes: 1 << 20, texts: 16))
        let slowID = try #require(await hub.add(slow))
        let fastID = try #require(await hub.add(fast))
        try await hub.setMode(.h264, for: slowID)
        try await hub.setMode(.h264, for: fastID)
        var fastPictures = 0
        for index in 0..<600 {
            await hub.publish(Self.unit(index))
            while let (item, _) = fast.next() {
                if case .picture = item { fastPictures += 1 }
            }
            #expect(slow.queueSnapshot.pictureCount <= 8)
        }
        #expect(fastPictures == 600)
        #expect(fast.queueSnapshot.droppedPictures == 0)
        #expect(slow.queueSnapshot.droppedPictures >= 600 - 8 - 60)
        // A browser that joins late starts at the last keyframe, flagged as a replay.
        let late = ClientOutbox(limits: .init())
        let lateID = try #require(await hub.add(late))
        try await hub.setMode(.h264, for: lateID)
        var replayed: [QueuedPicture] = []
        while let (item, _) = late.next() {
            if case .picture(let picture) = item { replayed.append(picture) }
        }
        #expect(replayed.first?.isKeyframe == true)
        #expect(replayed.count == 60)
        #expect(replayed.allSatisfy { $0.isReplay })
    }
}

extension ClientQueueTests {
    @Test("a replay longer than the queue is queued whole, and live pictures still fit behind it")
    func replayBypassesLimits() {
        var queue = ClientQueue(limits: .init(pictures: 3, bytes: 1 << 20, texts: 4))
        for index in 0..<10 {
            var picture = Self.picture(UInt32(index), key: index == 0)
            picture.isReplay = true
            queue.enqueue(picture)
        }
        queue.enqueue(Self.picture(10, key: false))
        queue.enqueue(Self.picture(11, key: false))
        var sequences: [UInt32] = []
        while case .picture(let picture) = queue.next() { sequences.append(picture.sequence) }
        #expect(sequences == Array(0...11))
        #expect(queue.droppedPictures == 0)
    }
}
