import NIOCore

/// The items waiting to play and the one playing, as a pure value: it hands out chunks in order and reports which
/// items ended and how. ``AudioStreamManager`` owns one and decides when to take a chunk.
///
/// ```
///  push ─▶ [ item 3 | item 2 ] ─▶ playing: item 1 (offset) ─▶ chunk(max:) ─▶ send
///  pushFront (interrupt) ─▶ item 1 ends .interrupted, item 4 plays next, 2 and 3 still wait
/// ```
///
/// ```swift
/// var queue = AudioPlaybackQueue()
/// let id = queue.push(audio.bytes)
/// let chunk = queue.nextChunk(maximumBytes: 3_200)   // (id, 3_200 bytes, isLast: false)
/// ```
struct AudioPlaybackQueue {
    struct Item {
        var id: AudioItemID
        var bytes: ByteBuffer
        /// Whether a chunk of it has been handed out: only a started item can be interrupted mid-way.
        var started = false
    }

    /// What ``nextChunk(maximumBytes:bytesPerFrame:)`` hands out.
    struct Chunk: Equatable {
        var item: AudioItemID
        var bytes: ByteBuffer
        /// The item's last chunk: once it has played, the item is complete.
        var isLast: Bool
    }

    private(set) var items: [Item] = []
    private var nextID: UInt64 = 1

    var isEmpty: Bool { items.isEmpty }

    /// The item currently playing (the head of the queue, once a chunk of it was handed out).
    var playing: AudioItemID? { items.first.flatMap { $0.started ? $0.id : nil } }

    /// Appends an item and returns its id.
    mutating func push(_ bytes: ByteBuffer) -> AudioItemID {
        let id = makeID()
        items.append(Item(id: id, bytes: bytes))
        return id
    }

    /// Puts an item at the head. The item playing, if any, is cut off and returned; items waiting stay, after it.
    mutating func pushFront(_ bytes: ByteBuffer) -> (id: AudioItemID, interrupted: AudioItemID?) {
        let interrupted = cutPlaying()
        let id = makeID()
        items.insert(Item(id: id, bytes: bytes), at: 0)
        return (id, interrupted)
    }

    /// Removes the playing item, if any, and returns its id.
    mutating func cutPlaying() -> AudioItemID? {
        guard let first = items.first, first.started else { return nil }
        items.removeFirst()
        return first.id
    }

    /// Removes every item; returns their ids in queue order.
    mutating func removeAll() -> [AudioItemID] {
        defer { items.removeAll() }
        return items.map(\.id)
    }

    /// Takes up to `maximumBytes` (rounded down to whole frames of `bytesPerFrame`, at least one frame) of the head
    /// item. An item that is empty from the start yields one empty last chunk, so that it still finishes.
    mutating func nextChunk(maximumBytes: Int, bytesPerFrame: Int = 1) -> Chunk? {
        guard var item = items.first else { return nil }
        let frame = max(1, bytesPerFrame)
        let limit = max(frame, maximumBytes / frame * frame)
        let length = min(limit, item.bytes.readableBytes)
        let bytes = item.bytes.readSlice(length: length) ?? ByteBuffer()
        item.started = true
        let isLast = item.bytes.readableBytes == 0
        if isLast {
            items.removeFirst()
        } else {
            items[0] = item
        }
        return Chunk(item: item.id, bytes: bytes, isLast: isLast)
    }

    private mutating func makeID() -> AudioItemID {
        defer { nextID += 1 }
        return AudioItemID(rawValue: nextID)
    }
}
