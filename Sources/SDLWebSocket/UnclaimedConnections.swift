import NIOConcurrencyHelpers
package import NIOCore

/// The connections a listener (the emulator's `TCPListener`, ``WebSocketListener``) accepted that nobody has taken
/// yet.
///
/// A connection is accepted (its pipeline set up) on the event loop, and taken later by whoever reads the listener's
/// connections. In between it belongs to nobody: when the reader stops first (the listener closing, its task
/// cancelled), NIO drops it, still open and registered with its event loop, with its app waiting on it. So each one is
/// held here from its accept until it is claimed, and ``closeAll()`` closes those left when the listener stops.
///
/// Bounded by what is in flight between the accept and the reader: a connection that closes while waiting leaves at
/// once, and the listener's own back-pressure stops accepting when its reader falls behind.
package final class UnclaimedConnections: Sendable {
    private struct State {
        var closed = false
        var waiting: [ObjectIdentifier: any Channel] = [:]
    }

    // A pthread lock (NIOLockedValueBox), not Synchronization's Mutex: two event loops admit at once, and when a
    // Mutex is contended on Linux it waits in the kernel (futex PI) inside the uninstrumented standard library, so
    // ThreadSanitizer sees no ordering between the two holders and reports a race that is not there. It does see
    // pthread mutexes, so a real race here would still be reported.
    private let state = NIOLockedValueBox(State())

    /// Holds `channel` until it is claimed; after ``closeAll()``, closes it at once instead.
    package init() {}

    package func admit(_ channel: any Channel) {
        let admitted = state.withLockedValue { state in
            guard !state.closed else { return false }
            state.waiting[ObjectIdentifier(channel)] = channel
            return true
        }
        guard admitted else {
            channel.close(promise: nil)
            return
        }
        // An app that gives up before it is taken must not stay here until the listener stops.
        channel.closeFuture.whenComplete { _ in _ = self.claim(channel) }
    }

    /// Takes `channel` over: `false` when it is not waiting here (it closed, or the listener closed it).
    package func claim(_ channel: any Channel) -> Bool {
        state.withLockedValue { state in
            let id = ObjectIdentifier(channel)
            guard let waiting = state.waiting[id], waiting === channel else { return false }
            state.waiting[id] = nil
            return true
        }
    }

    /// Closes every connection still waiting, and from now on each one admitted.
    package func closeAll() {
        let left = state.withLockedValue { state in
            state.closed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for channel in left { channel.close(promise: nil) }
    }
}
