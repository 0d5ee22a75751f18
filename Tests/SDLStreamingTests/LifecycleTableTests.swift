import SDLRPC
import Testing

@testable import SDLStreaming

/// The lifecycle table in docs/streaming.md ("Lifecycle") is the specification: every HMI level × app state it
/// lists is checked for "may open stream" (from stopped) and "should close stream" (from streaming), "both yes"
/// being a restart (EndService, then StartService).
@Suite("Lifecycle table")
struct LifecycleTableTests {
    struct Row: Sendable {
        var levels: [HMILevel]
        var appStates: [AppState]
        var mayOpen: Bool
        var shouldClose: Bool
    }

    /// The table, row by row as docs/streaming.md prints it.
    static let table: [Row] = [
        Row(levels: [.none, .background], appStates: AppState.allCases, mayOpen: false, shouldClose: true),
        Row(levels: [.limited, .full], appStates: [.background], mayOpen: false, shouldClose: false),
        Row(levels: [.limited, .full], appStates: [.regainingActive], mayOpen: true, shouldClose: true),
        Row(levels: [.limited, .full], appStates: [.active], mayOpen: true, shouldClose: false),
        Row(levels: [.limited, .full], appStates: [.resigningActive], mayOpen: false, shouldClose: false),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var level: HMILevel
        var appState: AppState
        var mayOpen: Bool
        var shouldClose: Bool
        var testDescription: String {
            "\(level) × \(appState): open \(mayOpen ? "yes" : "no"), close \(shouldClose ? "yes" : "no")"
        }
    }

    static let cases: [Case] = table.flatMap { row in
        row.levels.flatMap { level in
            row.appStates.map { Case(level: level, appState: $0, mayOpen: row.mayOpen, shouldClose: row.shouldClose) }
        }
    }

    @Test("every row is covered")
    func coverage() {
        // 2 levels × 4 states in the first row, 2 levels × 1 state in the four others.
        #expect(Self.cases.count == 16)
        #expect(Set(Self.cases.map { "\($0.level)-\($0.appState)" }).count == 16)
    }

    @Test("may open stream: from stopped", arguments: cases)
    func mayOpen(_ testCase: Case) {
        var machine = Fixture.registeredMachine(appState: testCase.appState)
        let actions = machine.handle(.hmiStatus(Fixture.status(testCase.level)))
        #expect(actions.startRequests.count == (testCase.mayOpen ? 1 : 0))
        #expect(machine.state == (testCase.mayOpen ? .starting : .stopped))
    }

    @Test("should close stream: from streaming at FULL and active", arguments: cases)
    func shouldClose(_ testCase: Case) throws {
        var machine = Fixture.streamingMachine()
        #expect(machine.state == .ready)
        var actions = machine.handle(.hmiStatus(Fixture.status(testCase.level)))
        actions += machine.handle(.appState(testCase.appState))

        #expect(actions.endAttempts.count == (testCase.shouldClose ? 1 : 0))
        if testCase.shouldClose {
            #expect(machine.state == .shuttingDown)
            let attempt = try #require(actions.endAttempts.first)
            let after = machine.handle(.service(.endServiceAnswered(attempt: attempt)))
            // "Both yes" means restart: a new StartService once the old service is gone.
            let restarts = testCase.mayOpen
            #expect(after.startRequests.count == (restarts ? 1 : 0))
            #expect(after.events.contains(.stopped(restarts ? .restarting : .notStreamable)))
            #expect(machine.state == (restarts ? .starting : .stopped))
        } else {
            // "Should close: no" with "may open: no" is the suspended state: the service stays open.
            #expect(machine.state == (testCase.mayOpen ? .ready : .suspended))
            #expect(actions.events.contains(.suspended) == !testCase.mayOpen)
        }
    }
}
