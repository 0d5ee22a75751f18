import Synchronization

/// Where ``ObservationBinding``s report that a model they read changed. Observation calls back on whatever thread
/// mutated the model, so the report is a locked set of binding ids; the window drains it on ``CarWindowActor``
/// before its next layout. No task is made per change.
final class ObservationInbox: Sendable {
    private struct State {
        var changed: Set<Int> = []
        var nextID = 1
    }

    private let state = Mutex(State())

    var hasChanges: Bool { state.withLock { !$0.changed.isEmpty } }

    func makeID() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    func post(_ id: Int) {
        _ = state.withLock { $0.changed.insert(id) }
    }

    func take() -> [Int] {
        state.withLock { state in
            defer { state.changed = [] }
            return state.changed.sorted()
        }
    }
}

/// One tracking round's "it changed" signal; it reaches the inbox once the binding's view is in a window.
final class ObservationSignal: Sendable {
    private struct State {
        var inbox: ObservationInbox?
        var id = 0
        var fired = false
    }

    private let state = Mutex(State())

    func attach(to inbox: ObservationInbox, id: Int) {
        let fired = state.withLock {
            $0.inbox = inbox
            $0.id = id
            return $0.fired
        }
        if fired { inbox.post(id) }
    }

    func fire() {
        let (inbox, id) = state.withLock {
            $0.fired = true
            return ($0.inbox, $0.id)
        }
        inbox?.post(id)
    }
}
