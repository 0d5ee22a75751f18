public import SDLRPC

/// The run's touch queue between the notification reader and the task that hands touches to the source and the
/// recognizer: bounded by items and by positions, and coalescing a flood instead of dropping it.
///
/// A head unit can send touches far faster than a source handles them (a hostile one sent 100,000 in a few
/// seconds). Each `OnTouchEvent` is converted here, on the reader's side (``TouchConverter``: Core's copy dropped,
/// divided by the scale), so the reader never waits for the handler. A MOVE of the same fingers as the MOVE still
/// waiting at the end of the queue is folded into it: each finger's path gains the new positions (only the newest
/// ``maximumPathPoints`` are kept) and the touch's `ProjectionTouch.coalesced` counts the notification. Only the
/// newest position matters to a pan, so a flood of moves costs one item, not one each. BEGIN, END and CANCEL are
/// never folded. Frame ticks are idempotent, so one waiting at the end is enough.
///
/// What still does not fit (``maximumItems`` items, or ``maximumPoints`` positions in all) is dropped, counted, and
/// reported by ``pop()`` with the next item, so the run's log says what it lost.
///
/// ```swift
/// var inbox = TouchInbox()
/// for event in panEvents { try inbox.push(event) }   // BEGIN, 50 MOVEs, END; nobody popped meanwhile
/// while let (item, dropped) = inbox.pop() { handle(item, dropped) }   // BEGIN, one MOVE (coalesced 49), END
/// ```
public struct TouchInbox: Sendable {
    /// What the touch task handles, in order.
    public enum Item: Hashable, Sendable {
        /// A touch in view points.
        case touch(ProjectionTouch)
        /// A frame tick: the recognizer's held-back taps and synced moves come out.
        case tick
        /// The stream cancelled the touches in progress.
        case cancel
    }

    /// The most items waiting.
    public static let maximumItems = 1_024
    /// The most positions waiting in all touches' paths (16 bytes each: 1 MiB), whatever their number of fingers.
    public static let maximumPoints = 65_536
    /// The most positions one finger's path keeps while moves are folded into it: the oldest go first.
    public static let maximumPathPoints = 64

    private var items: [Item] = []
    private var head = 0
    private var points = 0
    private var droppedSinceReport = 0
    private var converter: TouchConverter
    /// Touches dropped because the queue was full, since it was made.
    public private(set) var droppedTouches = 0
    /// MOVE notifications folded into a waiting MOVE, since it was made.
    public private(set) var coalescedTouches = 0

    /// An empty inbox converting at `scale` (see ``TouchConverter``).
    public init(scale: Double = 1) {
        converter = TouchConverter(scale: scale)
    }

    /// How many items wait.
    public var count: Int { items.count - head }

    /// Converts `event` and queues it, folding a MOVE into the MOVE waiting last.
    ///
    /// - Returns: whether the touch is queued (`false` for Core's duplicate, or a touch the full queue dropped).
    /// - Throws: `ProjectionTouch.InvalidTouch` for a notification that is not a touch (see ``TouchConverter``).
    @discardableResult
    public mutating func push(_ event: OnTouchEvent) throws(ProjectionTouch.InvalidTouch) -> Bool {
        guard let touch = try converter.touch(from: event) else { return false }
        if touch.type == .move, let last = items.last, count > 0, case .touch(var waiting) = last,
            waiting.type == .move, waiting.fingers.map(\.id) == touch.fingers.map(\.id)
        {
            points -= Self.points(in: waiting)
            for index in waiting.fingers.indices {
                let finger = touch.fingers[index]
                var path = waiting.fingers[index].path + finger.path
                var timestamps = waiting.fingers[index].timestamps + finger.timestamps
                if path.count > Self.maximumPathPoints { path.removeFirst(path.count - Self.maximumPathPoints) }
                if timestamps.count > Self.maximumPathPoints {
                    timestamps.removeFirst(timestamps.count - Self.maximumPathPoints)
                }
                waiting.fingers[index].path = path
                waiting.fingers[index].timestamps = timestamps
            }
            waiting.coalesced += 1 + touch.coalesced
            points += Self.points(in: waiting)
            items[items.count - 1] = .touch(waiting)
            coalescedTouches += 1
            return true
        }
        let cost = Self.points(in: touch)
        guard count < Self.maximumItems, points + cost <= Self.maximumPoints else {
            droppedTouches += 1
            droppedSinceReport += 1
            return false
        }
        points += cost
        items.append(.touch(touch))
        return true
    }

    /// Queues a frame tick, unless one already waits last (it would do the same work).
    public mutating func pushTick() {
        if count > 0, items.last == .tick { return }
        guard count < Self.maximumItems else { return }
        items.append(.tick)
    }

    /// Queues the cancellation of the touches in progress, and forgets the previous touch, so the first touch after
    /// it is never taken for Core's duplicate. Always queued: a full queue gives up its oldest item for it.
    public mutating func pushCancel() {
        converter.restart()
        if count >= Self.maximumItems, case .touch? = removeOldest() {
            droppedTouches += 1
            droppedSinceReport += 1
        }
        items.append(.cancel)
    }

    /// A new stream started at `scale`: the touches that follow are divided by it, and the previous touch is
    /// forgotten.
    public mutating func restart(scale: Double) {
        converter.restart(scale: scale)
    }

    /// The oldest item, and how many touches were dropped since the last item handed out (0 nearly always).
    public mutating func pop() -> (item: Item, dropped: Int)? {
        guard let item = removeOldest() else { return nil }
        let dropped = droppedSinceReport
        droppedSinceReport = 0
        return (item, dropped)
    }

    /// Takes the oldest item off the queue; the drops not yet reported stay for ``pop()`` to hand out.
    private mutating func removeOldest() -> Item? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if case .touch(let touch) = item { points -= Self.points(in: touch) }
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 256, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    private static func points(in touch: ProjectionTouch) -> Int {
        touch.fingers.reduce(0) { $0 + $1.path.count }
    }
}
