import NIOCore
import SDLSecurity
import SDLSecurityOpenSSL
import SDLWire
import Testing

/// Two ends of SDL's security handshake joined in memory: each query travels as the `ByteBuffer` a Single frame on
/// the control service would carry, through the pure state machines and the OpenSSL managers.
struct HandshakeHarness {
    typealias Machine = HandshakeStateMachine<ContinuousClock.Instant>

    struct Side {
        var machine: Machine
        let manager: any SecurityManager
        /// Every action other than `.send` the side reported, in order.
        var events: [HandshakeAction] = []
        /// Every query the side sent, in order.
        var sent: [SecurityQuery] = []

        var completed: Bool { events.contains(.completed) }
        var failure: SecurityError? {
            for case .failed(let error) in events { return error }
            return nil
        }

        mutating func record(_ actions: [HandshakeAction]) -> [SecurityQuery] {
            var outgoing: [SecurityQuery] = []
            for action in actions {
                if case .send(let query) = action {
                    outgoing.append(query)
                } else {
                    events.append(action)
                }
            }
            sent += outgoing
            return outgoing
        }
    }

    var app: Side
    var headUnit: Side
    let now = ContinuousClock.now
    static let timeout: Duration = .seconds(10)

    init(app: any SecurityManager, headUnit: any SecurityManager) {
        self.app = Side(machine: Machine(role: .app, timeout: Self.timeout), manager: app)
        self.headUnit = Side(machine: Machine(role: .headUnit, timeout: Self.timeout), manager: headUnit)
    }

    init(
        app appConfiguration: OpenSSLSecurityConfiguration,
        headUnit headUnitConfiguration: OpenSSLSecurityConfiguration
    ) throws {
        let appFactory = try OpenSSLSecurityManagerFactory(appConfiguration)
        let headUnitFactory = try OpenSSLSecurityManagerFactory(headUnitConfiguration)
        self.init(
            app: try appFactory.makeManager(role: .app, appID: "8675309", vehicleMake: "SDL"),
            headUnit: try headUnitFactory.makeManager(role: .headUnit, appID: "8675309", vehicleMake: "SDL")
        )
    }

    /// Runs the handshake until no query is in flight. `toApp` may rewrite or drop (return `nil`) each head-unit
    /// query, as an old Core or a vanishing head unit would.
    mutating func run(toApp: (SecurityQuery) -> SecurityQuery? = { $0 }) {
        _ = app.machine.start(now: now, using: app.manager)
        var toAppQueue = headUnit.record(headUnit.machine.start(now: now, using: headUnit.manager))
        var toHeadUnitQueue: [SecurityQuery] = []
        // Bounded: a real handshake takes a handful of messages; a loop here would be a bug.
        for _ in 0..<32 where !(toAppQueue.isEmpty && toHeadUnitQueue.isEmpty) {
            for query in toAppQueue {
                guard let delivered = toApp(query) else { continue }
                toHeadUnitQueue += app.record(app.machine.receive(delivered.buffer, now: now, using: app.manager))
            }
            toAppQueue = []
            for query in toHeadUnitQueue {
                toAppQueue += headUnit.record(
                    headUnit.machine.receive(query.buffer, now: now, using: headUnit.manager)
                )
            }
            toHeadUnitQueue = []
        }
        if !toAppQueue.isEmpty {
            Issue.record("the handshake was still exchanging queries after 32 rounds")
        }
    }
}
