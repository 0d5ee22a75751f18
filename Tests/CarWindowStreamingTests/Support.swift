import CarWindow
import SDLMedia
import Synchronization

/// A clock that moves only when a test advances it; sleepers wake when their deadline is reached.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol, Hashable, Sendable {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var nextID = 0
        var sleepWatchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func advance(to offset: Duration) {
        let due = state.withLock { state in
            state.now = max(state.now, Instant(offset: offset))
            let now = state.now
            let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once some task is sleeping on this clock.
    func untilSleeping() async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let sleeping = state.withLock { state in
                if !state.sleepers.isEmpty { return true }
                state.sleepWatchers.append(watcher)
                return false
            }
            if sleeping { watcher.resume() }
        }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = (deadline, continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    guard !state.sleepers.isEmpty else { return [] }
                    defer { state.sleepWatchers = [] }
                    return state.sleepWatchers
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// A sink that reports each frame's presentation time to the test and answers with a fixed result. It keeps no
/// frame, so buffers go back to the pool as they would from a real sink.
final class RecordingSink: FrameSink {
    let presentationTimes: AsyncStream<Duration>
    private let input: AsyncStream<Duration>.Continuation
    let result: FrameSubmissionResult

    init(result: FrameSubmissionResult = .accepted) {
        (presentationTimes, input) = AsyncStream.makeStream(of: Duration.self)
        self.result = result
    }

    func submit(_ frame: VideoFrame) async -> FrameSubmissionResult {
        input.yield(frame.presentationTime)
        return result
    }
}

extension VideoFrame {
    /// The BGRA pixel at (x, y) as 0xAARRGGBB.
    func argb(x: Int, y: Int) -> UInt32 {
        let bytes = buffer.bytes
        let i = planes[0].offset + y * planes[0].stride + x * 4
        return UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
    }

    /// The BGRA bytes of the visible rows, without stride padding.
    var pixelRows: [UInt8] {
        let bytes = buffer.bytes
        var rows: [UInt8] = []
        rows.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let start = planes[0].offset + y * planes[0].stride
            rows.append(contentsOf: bytes[start..<(start + width * 4)])
        }
        return rows
    }

    /// How many pixels differ between two frames of the same size.
    static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max }
        var count = 0
        for i in Swift.stride(from: 0, to: a.count, by: 4) where a[i..<(i + 4)] != b[i..<(i + 4)] { count += 1 }
        return count
    }
}
