// NIOLockedValueBox rather than Synchronization.Mutex, which needs macOS 15 while the package supports macOS 14.
import NIOConcurrencyHelpers

/// Recycles pixel buffers of one layout so steady streaming allocates no pixel memory per frame.
///
/// The pool keeps up to ``capacity`` buffers. ``makeFrame(presentationTime:)`` hands out one that no frame
/// references any more; a buffer comes back on its own when the last frame using it is dropped, so there is no
/// explicit release call to forget. When every pooled buffer is busy the pool allocates a one-off buffer and
/// counts it in ``Statistics/overflowAllocations``.
///
/// ```swift
/// let pool = PixelBufferPool(format: .i420, width: 1280, height: 720)
/// for index in 0..<100 {
///     let frame = pool.makeFrame(presentationTime: .milliseconds(index * 66))
///     // fill and encode `frame`
/// }
/// print(pool.statistics.allocations) // 1: one buffer was enough
/// ```
public final class PixelBufferPool: Sendable {
    /// Counters that show whether streaming reached a steady state without allocation.
    public struct Statistics: Sendable, Hashable, CustomStringConvertible {
        /// Buffers the pool allocated and kept.
        public var allocations = 0
        /// Frames served from a buffer allocated earlier.
        public var reuses = 0
        /// Buffers allocated because every pooled buffer was busy (not kept).
        public var overflowAllocations = 0

        /// Creates counters, zero by default.
        public init(allocations: Int = 0, reuses: Int = 0, overflowAllocations: Int = 0) {
            self.allocations = allocations
            self.reuses = reuses
            self.overflowAllocations = overflowAllocations
        }

        public var description: String {
            "allocations \(allocations), reuses \(reuses), overflow allocations \(overflowAllocations)"
        }
    }

    /// The layout every frame from this pool has.
    public let format: PixelFormat
    /// Width in pixels of every frame from this pool.
    public let width: Int
    /// Height in pixels of every frame from this pool.
    public let height: Int
    /// How many buffers the pool keeps at most.
    public let capacity: Int
    private let planes: [VideoFrame.Plane]
    private let byteCount: Int
    private let state: NIOLockedValueBox<State>

    private struct State {
        var buffers: [PixelMemory] = []
        var statistics = Statistics()
    }

    /// Creates an empty pool; buffers are allocated on first use.
    ///
    /// - Parameters:
    ///   - format: the pixel format of the frames.
    ///   - width: the width in pixels, 1 through ``VideoFrame/maximumDimension``.
    ///   - height: the height in pixels, 1 through ``VideoFrame/maximumDimension``.
    ///   - capacity: how many buffers to keep; enough for the frames in flight at once.
    public init(format: PixelFormat, width: Int, height: Int, capacity: Int = 4) {
        precondition(
            (1...VideoFrame.maximumDimension).contains(width)
                && (1...VideoFrame.maximumDimension).contains(height), "pool size \(width)x\(height) is invalid")
        precondition(capacity > 0, "a pool needs room for at least one buffer")
        self.format = format
        self.width = width
        self.height = height
        self.capacity = capacity
        (self.planes, self.byteCount) = format.packedLayout(width: width, height: height)
        var initial = State()
        initial.buffers.reserveCapacity(capacity)
        self.state = NIOLockedValueBox(initial)
    }

    /// A frame over a free buffer, with the pool's packed layout. The previous pixels are left in place.
    public func makeFrame(presentationTime: Duration) -> VideoFrame {
        let buffer = state.withLockedValue { state -> PixelMemory in
            // A buffer the pool alone references has no frame left using it.
            for index in state.buffers.indices where isKnownUniquelyReferenced(&state.buffers[index]) {
                state.statistics.reuses += 1
                return state.buffers[index]
            }
            let fresh = PixelMemory(byteCount: byteCount)
            if state.buffers.count < capacity {
                state.buffers.append(fresh)
                state.statistics.allocations += 1
            } else {
                state.statistics.overflowAllocations += 1
            }
            return fresh
        }
        return VideoFrame(
            unchecked: buffer, format: format, width: width, height: height, planes: planes,
            presentationTime: presentationTime)
    }

    /// The counters so far.
    public var statistics: Statistics { state.withLockedValue { $0.statistics } }
}
