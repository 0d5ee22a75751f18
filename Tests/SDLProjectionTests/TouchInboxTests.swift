import SDLProjection
import SDLRPC
import Testing

/// The run's touch queue under a flood: moves fold into the move that waits, nothing else does, and what does not
/// fit is counted and handed out with the next item.
@Suite("Touch inbox")
struct TouchInboxTests {
    static func touch(_ type: TouchType, _ points: [(Int, Int)], finger: Int = 0, at time: Int = 1) -> OnTouchEvent {
        OnTouchEvent(
            type: type,
            event: [
                SDLRPC.TouchEvent(
                    id: finger, ts: points.indices.map { time + $0 }, c: points.map { TouchCoord(x: $0.0, y: $0.1) })
            ])
    }

    static func drain(_ inbox: inout TouchInbox) -> [(item: TouchInbox.Item, dropped: Int)] {
        var items: [(item: TouchInbox.Item, dropped: Int)] = []
        while let next = inbox.pop() { items.append(next) }
        return items
    }

    @Test("a pan's 50 moves waiting for the handler become one MOVE that keeps the path and counts the rest")
    func movesFold() throws {
        var inbox = TouchInbox()
        try inbox.push(Self.touch(.begin, [(10, 10)]))
        for step in 1...50 { try inbox.push(Self.touch(.move, [(10 + step, 10)], at: step)) }
        try inbox.push(Self.touch(.end, [(60, 10)], at: 60))
        let items = Self.drain(&inbox)
        #expect(items.count == 3)
        guard items.count == 3, case .touch(let move) = items[1].item else {
            Issue.record("expected BEGIN, MOVE, END: \(items)")
            return
        }
        #expect(move.type == .move)
        #expect(move.coalesced == 49)
        #expect(move.fingers[0].path.count == 50)
        #expect(move.fingers[0].path.last == Point(x: 60, y: 10))
        #expect(move.fingers[0].path.first == Point(x: 11, y: 10))
        #expect(inbox.coalescedTouches == 49)
        #expect(items.allSatisfy { $0.dropped == 0 })
    }

    @Test("Core's copy of each move is dropped before folding: the count is of distinct moves")
    func duplicatesNotCounted() throws {
        var inbox = TouchInbox()
        for step in 1...10 {
            let move = Self.touch(.move, [(step, 5)], at: step)
            try inbox.push(move)
            #expect(try inbox.push(move) == false)
        }
        guard case .touch(let move)? = inbox.pop()?.item else {
            Issue.record("expected one MOVE")
            return
        }
        #expect(move.coalesced == 9)
        #expect(move.fingers[0].path.map(\.x) == (1...10).map(Double.init))
        #expect(inbox.pop() == nil)
    }

    @Test("a folded path keeps only its newest positions")
    func pathBounded() throws {
        var inbox = TouchInbox()
        let moves = TouchInbox.maximumPathPoints + 36
        for step in 1...moves { try inbox.push(Self.touch(.move, [(step, 1)], at: step)) }
        guard case .touch(let move)? = inbox.pop()?.item else {
            Issue.record("expected one MOVE")
            return
        }
        #expect(move.coalesced == moves - 1)
        #expect(move.fingers[0].path.count == TouchInbox.maximumPathPoints)
        #expect(move.fingers[0].timestamps.count == TouchInbox.maximumPathPoints)
        #expect(move.fingers[0].path.last == Point(x: Double(moves), y: 1))
    }

    @Test("only a MOVE of the same fingers folds: BEGIN, END, another finger and a tick in between keep their places")
    func whatDoesNotFold() throws {
        var inbox = TouchInbox()
        try inbox.push(Self.touch(.move, [(1, 1)]))
        try inbox.push(Self.touch(.move, [(2, 2)], finger: 1))
        inbox.pushTick()
        inbox.pushTick()
        try inbox.push(Self.touch(.move, [(3, 3)], finger: 1, at: 5))
        try inbox.push(Self.touch(.end, [(3, 3)], finger: 1, at: 6))
        try inbox.push(Self.touch(.end, [(3, 3)], finger: 1, at: 7))
        let items = Self.drain(&inbox).map(\.item)
        #expect(items.count == 6)
        #expect(items[2] == .tick)
        let types = items.compactMap { item -> ProjectionTouch.Kind? in
            if case .touch(let touch) = item { return touch.type }
            return nil
        }
        #expect(types == [.move, .move, .move, .end, .end])
    }

    @Test("taps beyond the bound are dropped, counted, and reported with the next item handed out")
    func fullQueueCounts() throws {
        var inbox = TouchInbox()
        let taps = TouchInbox.maximumItems / 2 + 10
        for tap in 0..<taps {
            try inbox.push(Self.touch(.begin, [(tap, 1)], at: 2 * tap))
            try inbox.push(Self.touch(.end, [(tap, 1)], at: 2 * tap + 1))
        }
        #expect(inbox.count == TouchInbox.maximumItems)
        #expect(inbox.droppedTouches == 20)
        let items = Self.drain(&inbox)
        #expect(items.count == TouchInbox.maximumItems)
        #expect(items.first?.dropped == 20)
        #expect(items.dropFirst().allSatisfy { $0.dropped == 0 })
        // A cancel is never lost: a full queue gives up its oldest touch for it, and counts it.
        for tap in 0..<TouchInbox.maximumItems { try inbox.push(Self.touch(.begin, [(tap, 2)], at: tap)) }
        inbox.pushCancel()
        let last = Self.drain(&inbox)
        #expect(last.count == TouchInbox.maximumItems)
        #expect(last.last?.item == .cancel)
        #expect(last.first?.dropped == 1)
    }

    @Test("a cancel that gives up the oldest touch keeps the drops not yet reported: one report says them all")
    func cancelKeepsUnreportedDrops() throws {
        var inbox = TouchInbox()
        for tap in 0...TouchInbox.maximumItems { try inbox.push(Self.touch(.begin, [(tap % 10_000, 3)], at: tap)) }
        #expect(inbox.droppedTouches == 1)
        inbox.pushCancel()
        #expect(inbox.droppedTouches == 2)
        let items = Self.drain(&inbox)
        #expect(items.first?.dropped == 2)
        #expect(items.map(\.dropped).reduce(0, +) == 2)
        #expect(items.last?.item == .cancel)
    }

    @Test("positions are bounded in all, whatever the number of items: a touch past the budget is dropped")
    func positionsBounded() throws {
        var inbox = TouchInbox()
        let perTouch = 1_000
        let fitting = TouchInbox.maximumPoints / perTouch
        for index in 0..<(fitting + 5) {
            let path = (0..<perTouch).map { (index, $0 % 10_000) }
            try inbox.push(Self.touch(index.isMultiple(of: 2) ? .begin : .end, path, at: index * perTouch))
        }
        #expect(inbox.count == fitting)
        #expect(inbox.droppedTouches == 5)
    }

    @Test("a cancel forgets the previous touch, so the same touch after it is not taken for Core's copy")
    func cancelRestarts() throws {
        var inbox = TouchInbox()
        let begin = Self.touch(.begin, [(4, 4)])
        try inbox.push(begin)
        inbox.pushCancel()
        #expect(try inbox.push(begin) == true)
        #expect(Self.drain(&inbox).count == 3)
    }

    @Test("touches are divided by the scale of the stream that started")
    func scale() throws {
        var inbox = TouchInbox()
        inbox.restart(scale: 1.5)
        try inbox.push(Self.touch(.begin, [(600, 360)]))
        guard case .touch(let touch)? = inbox.pop()?.item else {
            Issue.record("expected a touch")
            return
        }
        #expect(touch.fingers[0].path == [Point(x: 400, y: 240)])
    }
}
