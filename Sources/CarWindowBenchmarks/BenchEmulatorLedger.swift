import Foundation
import HeadUnit

/// What the emulator reported during a bench run, kept as it happens: access units per app, the finished video
/// services, the errors and the first frame of every video service, with waits that have deadlines.
///
/// ```swift
/// let ledger = BenchEmulatorLedger()
/// let reader = Task { await ledger.consume(await emulator.events()) }
/// let firstFrame = await ledger.waitForFirstFrames(count: 1, seconds: 10)
/// ```
actor BenchEmulatorLedger {
    /// Access units received per app (all its video services).
    private(set) var accessUnits: [AppID: Int] = [:]
    /// The access unit count of every video service that ended, in order.
    private(set) var stoppedServices: [Int] = []
    /// When each video service's first access unit arrived, in order.
    private(set) var firstFrames: [ContinuousClock.Instant] = []
    /// The emulator's error events, as text.
    private(set) var errors: [String] = []
    /// Apps that registered.
    private(set) var registrations = 0

    private struct Waiter {
        var condition: (isolated BenchEmulatorLedger) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private var waiters: [UUID: Waiter] = [:]

    /// Reads `events` until it ends.
    func consume(_ events: AsyncStream<HeadUnitEvent>) async {
        for await event in events {
            record(event)
        }
        for waiter in waiters.values { waiter.continuation.resume(returning: false) }
        waiters = [:]
    }

    private func record(_ event: HeadUnitEvent) {
        switch event {
        case .videoFrame(let app, let index, _):
            accessUnits[app, default: 0] += 1
            if index == 0 { firstFrames.append(.now) }
        case .videoStopped(_, _, let count): stoppedServices.append(count)
        case .appRegistered: registrations += 1
        case .error(let error): errors.append(error.description)
        default: return
        }
        for (id, waiter) in waiters where waiter.condition(self) {
            waiters[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }

    /// Waits until `count` video services have ended, or `seconds` pass; returns their access unit counts.
    func waitForStoppedServices(count: Int, seconds: Double) async -> [Int] {
        _ = await wait(seconds: seconds) { $0.stoppedServices.count >= count }
        return stoppedServices
    }

    /// Waits until `count` video services have had their first frame, or `seconds` pass; returns when they did.
    func waitForFirstFrames(count: Int, seconds: Double) async -> [ContinuousClock.Instant] {
        _ = await wait(seconds: seconds) { $0.firstFrames.count >= count }
        return firstFrames
    }

    /// Waits until `count` registrations, or `seconds` pass; whether they happened.
    func waitForRegistrations(count: Int, seconds: Double) async -> Bool {
        await wait(seconds: seconds) { $0.registrations >= count }
    }

    /// Whether `condition` held within `seconds`.
    private func wait(
        seconds: Double, until condition: @escaping (isolated BenchEmulatorLedger) -> Bool
    ) async -> Bool {
        if condition(self) { return true }
        let id = UUID()
        return await withCheckedContinuation { continuation in
            waiters[id] = Waiter(condition: condition, continuation: continuation)
            Task {
                try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                self.expire(id)
            }
        }
    }

    private func expire(_ id: UUID) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}
