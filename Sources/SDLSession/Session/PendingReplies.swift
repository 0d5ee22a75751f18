/// Replies awaited by key (a correlation id, a service), safe against the reply arriving before anyone waits.
///
/// A caller registers its key *before* it sends, so a reply that the reader delivers before the caller suspends is
/// kept in the slot rather than dropped; a timeout or a connection loss resolves every slot exactly once.
struct PendingReplies<Key: Hashable & Sendable, Value: Sendable> {
    private enum Slot {
        case registered
        case waiting(CheckedContinuation<Value, any Error>)
        case done(Result<Value, any Error>)
    }

    private var slots: [Key: Slot] = [:]
    /// Keys whose caller stopped waiting before the reply came, oldest first: their replies may still arrive.
    private var abandoned: [Key] = []

    /// How many abandoned keys are remembered; a reply later than that many newer give-ups counts as unasked for.
    static var abandonedLimit: Int { 64 }

    func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Opens a slot. Returns false if one is already open for `key`.
    mutating func register(_ key: Key) -> Bool {
        guard slots[key] == nil else { return false }
        slots[key] = .registered
        return true
    }

    /// Parks `continuation` until the reply comes, or resumes it at once if it already came.
    mutating func wait(_ key: Key, _ continuation: CheckedContinuation<Value, any Error>) {
        switch slots[key] {
        case .registered:
            slots[key] = .waiting(continuation)
        case .done(let result):
            slots[key] = nil
            continuation.resume(with: result)
        case .waiting, nil:
            continuation.resume(throwing: SDLSessionError(.invalidState("no pending reply for \(key)")))
        }
    }

    /// Delivers a reply. Returns false if nobody registered `key`.
    @discardableResult
    mutating func resolve(_ key: Key, _ result: Result<Value, any Error>) -> Bool {
        switch slots[key] {
        case .registered:
            slots[key] = .done(result)
            return true
        case .waiting(let continuation):
            slots[key] = nil
            continuation.resume(with: result)
            return true
        case .done, nil:
            return false
        }
    }

    /// Fails the slot of a caller that stopped waiting (its deadline passed, or its task was cancelled) and, when
    /// no reply had come yet, remembers the key: the request is on the wire, so its reply may still come, and it is
    /// then a late reply, not one nobody asked for.
    mutating func abandon(_ key: Key, _ error: any Error) {
        switch slots[key] {
        case .registered, .waiting:
            resolve(key, .failure(error))
            abandoned.append(key)
            if abandoned.count > Self.abandonedLimit { abandoned.removeFirst() }
        case .done, nil:
            resolve(key, .failure(error))
        }
    }

    /// Whether a reply for `key` is the late reply of an abandoned slot; it is expected once, so the key is
    /// forgotten.
    mutating func takeAbandoned(_ key: Key) -> Bool {
        guard let index = abandoned.firstIndex(of: key) else { return false }
        abandoned.remove(at: index)
        return true
    }

    /// Fails every open slot.
    mutating func failAll(_ error: any Error) {
        for key in Array(slots.keys) { resolve(key, .failure(error)) }
    }

    /// Drops a slot whose reply was consumed or abandoned.
    mutating func remove(_ key: Key) { slots[key] = nil }
}
