import SDLSession
import Testing

/// What a slow reader of an event stream learns about what it lost.
@Suite("Broadcast: slow readers", .timeLimit(.minutes(1)))
struct BroadcastTests {
    enum Item: Sendable, Equatable {
        case value(Int)
        case lost(Int)
    }

    /// Takes `count` elements from `iterator`.
    static func take(_ count: Int, from iterator: inout AsyncStream<Item>.AsyncIterator) async -> [Item] {
        var items: [Item] = []
        for _ in 0..<count {
            guard let item = await iterator.next() else { break }
            items.append(item)
        }
        return items
    }

    @Test("a reader that fell behind gets the newest values, then, once it caught up, how many it lost")
    func markerAfterCatchingUp() async {
        let broadcast = Broadcast<Item>(replaysCurrent: false, buffering: .bufferingNewest(4))
        var reader = broadcast.subscribe(dropMarker: { .lost($0) }).makeAsyncIterator()
        for index in 1...10 { broadcast.send(.value(index)) }
        // Values 1 to 6 were pushed out; the buffer was full at every send since, so no room for the marker yet.
        #expect(await Self.take(4, from: &reader) == [.value(7), .value(8), .value(9), .value(10)])
        broadcast.send(.value(11))
        broadcast.finish()
        #expect(await Self.take(3, from: &reader) == [.value(11), .lost(6)])
        #expect(broadcast.droppedCount == 6)
    }

    @Test("losses are counted again after each marker, and a reader that keeps up never gets one")
    func markersCountFromTheLastOne() async {
        let broadcast = Broadcast<Item>(replaysCurrent: false, buffering: .bufferingNewest(2))
        var slow = broadcast.subscribe(dropMarker: { .lost($0) }).makeAsyncIterator()
        var unmarked = broadcast.subscribe().makeAsyncIterator()
        for index in 1...3 { broadcast.send(.value(index)) }
        #expect(await Self.take(2, from: &slow) == [.value(2), .value(3)])
        #expect(await Self.take(2, from: &unmarked) == [.value(2), .value(3)])
        broadcast.send(.value(4))
        #expect(await Self.take(2, from: &slow) == [.value(4), .lost(1)])
        // 5 and 6 fit the emptied buffer, 7 to 9 push out 5 to 7: three more lost since the marker.
        for index in 5...9 { broadcast.send(.value(index)) }
        #expect(await Self.take(2, from: &slow) == [.value(8), .value(9)])
        broadcast.send(.value(10))
        broadcast.finish()
        #expect(await Self.take(3, from: &slow) == [.value(10), .lost(3)])
        // The subscriber without a marker (which never read 4) lost 1, then 4, then 1, and only the count says so.
        #expect(await Self.take(3, from: &unmarked) == [.value(9), .value(10)])
        #expect(broadcast.droppedCount == (1 + 1) + 3 + 4 + 1)
    }
}
