import CarWindowTesting
import Synchronization
import Testing

/// `eventually`, `quietPeriod` and `pollOutsideTheProcess`: what they check, and when. The counts of checks are the
/// point: a helper that sampled on a timer would check many more times than once per change.
///
/// The time limit only catches a wait that ignores the end of its changes (its deadline is an hour); it is far from
/// what these tests take even when the whole suite starves them of threads (close to a minute seen on 2 busy cores).
@Suite("waits on change streams", .timeLimit(.minutes(10)))
struct WaitHelperTests {
    /// A count any thread may bump or read.
    final class Counter: Sendable {
        private let value = Mutex(0)
        @discardableResult func bump() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
        var current: Int { value.withLock { $0 } }
    }

    @Test("eventually holds once a change makes the condition true, checking once at the start and once per change")
    func holdsAfterAChange() async {
        let (changes, change) = AsyncStream.makeStream(of: Int.self)
        let state = Counter()
        let checks = Counter()
        // The change is published after the state moved, as a status stream does.
        let producer = Task {
            state.bump()
            change.yield(1)
        }
        let held = await eventually(within: .seconds(30), recheckingOn: changes) {
            checks.bump()
            return state.current == 1
        }
        await producer.value
        #expect(held)
        #expect((1...2).contains(checks.current), "checked \(checks.current) times for one change")
    }

    @Test("past its deadline with no change, eventually is false after two checks: now and at the deadline")
    func falseAtTheDeadline() async {
        let (changes, change) = AsyncStream.makeStream(of: Int.self)
        defer { change.finish() }
        let checks = Counter()
        let held = await eventually(within: .milliseconds(200), recheckingOn: changes) {
            checks.bump()
            return false
        }
        #expect(!held)
        #expect(checks.current == 2)
    }

    @Test("when its change stream ends, eventually stops waiting (the deadline is an hour) and checks once more")
    func endsWithTheChanges() async {
        let (changes, change) = AsyncStream.makeStream(of: Int.self)
        change.finish()
        let checks = Counter()
        let held = await eventually(within: .seconds(3600), recheckingOn: changes) {
            checks.bump()
            return checks.current == 2
        }
        #expect(held, "the last check after the end holds")
    }

    @Test("a value that never changes is quiet")
    func quietWhenNothingChanges() async {
        let (changes, change) = AsyncStream.makeStream(of: Int.self)
        change.yield(7)
        defer { change.finish() }
        let quiet = await quietPeriod(of: changes, lasting: .milliseconds(20), within: .seconds(30)) { 7 }
        #expect(quiet)
    }

    @Test("a value that moved without its change being read yet is not quiet: the window starts again")
    func notQuietWhileTheValueMoves() async {
        let (changes, change) = AsyncStream.makeStream(of: Int.self)
        defer { change.finish() }
        // Every read is a new value, and the stream says nothing: only `current` tells the waiter it is not quiet.
        let reads = Counter()
        let quiet = await quietPeriod(of: changes, lasting: .milliseconds(20), within: .milliseconds(300)) {
            reads.bump()
        }
        #expect(!quiet)
    }

    @Test("pollOutsideTheProcess checks until the condition holds and no more")
    func pollStopsWhenItHolds() async {
        let checks = Counter()
        let held = await pollOutsideTheProcess("the third check", within: .seconds(30), every: .milliseconds(1)) {
            checks.bump() == 3
        }
        #expect(held)
        #expect(checks.current == 3)
    }
}
