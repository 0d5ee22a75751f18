/// The geometry of focus movement, apart from any view: given the focused item's frame and the candidates' frames
/// (window points), which candidate focus moves to.
///
/// In a direction, a candidate must lie wholly beyond the focused frame's edge on that side (its near edge at or
/// past it); of those, the nearest wins, distance along the direction counting once and the offset across it twice,
/// so a control straight below beats a closer one off to the side. In reading order, frames sort by their top edge,
/// then their left, rows being frames whose vertical centres lie within the other's height.
///
/// ```swift
/// let target = FocusSearch.next(from: okFrame, in: frames, direction: .down)   // an index into frames, or nil
/// ```
public enum FocusSearch {
    /// The index in `candidates` that focus moves to from `current`, `nil` when none lies that way. Without a
    /// current frame it is the first in reading order (the last for `.previous` and `.up`).
    public static func next(from current: Rect?, in candidates: [Rect], direction: FocusDirection) -> Int? {
        guard !candidates.isEmpty else { return nil }
        let order = readingOrder(candidates)
        guard let current else {
            return direction == .previous || direction == .up ? order.last : order.first
        }
        switch direction {
        case .next, .previous:
            // The current frame's place in reading order, found among the candidates or inserted by its position.
            let position = order.firstIndex { candidates[$0] == current }
            if let position {
                let step = direction == .next ? 1 : -1
                let target = position + step
                return order.indices.contains(target) ? order[target] : nil
            }
            let after = order.filter { precedes(current, candidates[$0]) }
            let before = order.filter { precedes(candidates[$0], current) }
            return direction == .next ? after.first : before.last
        case .up, .down, .left, .right:
            var best: (index: Int, score: Double)?
            for (index, frame) in candidates.enumerated() where frame != current {
                guard let score = score(of: frame, from: current, direction: direction) else { continue }
                if let previous = best, previous.score <= score { continue }
                best = (index, score)
            }
            return best?.index
        }
    }

    /// The candidates' indices in reading order.
    public static func readingOrder(_ frames: [Rect]) -> [Int] {
        frames.indices.sorted { a, b in
            precedes(frames[a], frames[b]) || (!precedes(frames[b], frames[a]) && a < b)
        }
    }

    /// Whether `a` comes before `b` in reading order: a row above it, or the same row and further left.
    static func precedes(_ a: Rect, _ b: Rect) -> Bool {
        let sameRow = abs(a.midY - b.midY) < min(a.height, b.height) / 2
        if sameRow { return a.minX < b.minX }
        return a.midY < b.midY
    }

    /// Distance along the direction plus twice the offset across it; `nil` when `frame` does not lie that way.
    static func score(of frame: Rect, from current: Rect, direction: FocusDirection) -> Double? {
        let tolerance = 0.5
        let along: Double
        let across: Double
        switch direction {
        case .down:
            guard frame.minY >= current.maxY - tolerance else { return nil }
            along = frame.minY - current.maxY
            across = gap(frame.minX, frame.maxX, current.minX, current.maxX)
        case .up:
            guard frame.maxY <= current.minY + tolerance else { return nil }
            along = current.minY - frame.maxY
            across = gap(frame.minX, frame.maxX, current.minX, current.maxX)
        case .right:
            guard frame.minX >= current.maxX - tolerance else { return nil }
            along = frame.minX - current.maxX
            across = gap(frame.minY, frame.maxY, current.minY, current.maxY)
        case .left:
            guard frame.maxX <= current.minX + tolerance else { return nil }
            along = current.minX - frame.maxX
            across = gap(frame.minY, frame.maxY, current.minY, current.maxY)
        case .next, .previous:
            return nil
        }
        return max(0, along) + 2 * across
    }

    /// How far apart two spans are on one axis; 0 when they overlap.
    private static func gap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        max(0, max(a0, b0) - min(a1, b1))
    }
}
