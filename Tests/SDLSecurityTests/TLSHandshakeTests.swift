import CarWindowTesting
import NIOCore
import SDLSecurity
import SDLSecurityOpenSSL
import SDLWire
import Testing

@Suite("TLS handshake over security queries")
struct TLSHandshakeTests {
    static func material() async throws -> TestMaterial {
        try await TestMaterial.loaded()
    }

    static func appConfiguration(_ m: TestMaterial) -> OpenSSLSecurityConfiguration {
        .app(certificateChain: m.appCertificate, privateKey: m.appKey)
    }

    @Test(
        "the head unit and the app complete the handshake", arguments: OpenSSLSecurityConfiguration.TLSVersion.allCases)
    func completes(version: OpenSSLSecurityConfiguration.TLSVersion) async throws {
        let m = try await Self.material()
        var headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: m.ca)
        headUnit.maximumVersion = version
        var harness = try HandshakeHarness(app: Self.appConfiguration(m), headUnit: headUnit)
        harness.run()

        #expect(harness.app.events == [.completed])
        #expect(harness.headUnit.events == [.completed])
        #expect(harness.app.machine.isComplete && harness.headUnit.machine.isComplete)
        #expect(harness.app.machine.deadline == nil)
        // Head unit: Requests numbered from 1. App: Responses echoing each Request's number (PS §5.1.1).
        let requests = harness.headUnit.sent
        #expect(requests.allSatisfy { $0.type == .request && $0.queryID == .sendHandshakeData && $0.json.isEmpty })
        #expect(requests.map(\.sequenceNumber) == Array(1...UInt32(requests.count)))
        let responses = harness.app.sent
        #expect(responses.allSatisfy { $0.type == .response && $0.queryID == .sendHandshakeData && $0.json.isEmpty })
        #expect(responses.map(\.sequenceNumber) == Array(requests.map(\.sequenceNumber).prefix(responses.count)))
        // The first Request is a ClientHello: a TLS handshake record (0x16).
        #expect(requests.first?.binary.first == 0x16)
    }

    @Test("handshake data sent as a Notification, as Core before 8.0 did, is accepted")
    func oldCoreNotification() async throws {
        let m = try await Self.material()
        var harness = try HandshakeHarness(app: Self.appConfiguration(m), headUnit: .headUnit(trusting: m.ca))
        harness.run { query in
            var old = query
            old.type = .notification
            return old
        }
        #expect(harness.app.events == [.completed])
        #expect(harness.headUnit.events == [.completed])
    }

    @Test("the app can require and verify a head-unit certificate")
    func clientCertificate() async throws {
        let m = try await Self.material()
        var app = Self.appConfiguration(m)
        app.trustedCertificates = m.ca
        app.peerVerification = .required
        var headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: m.ca)
        headUnit.certificateChain = m.headUnitCertificate
        headUnit.privateKey = m.headUnitKey
        var harness = try HandshakeHarness(app: app, headUnit: headUnit)
        harness.run()
        #expect(harness.app.events == [.completed])
        #expect(harness.headUnit.events == [.completed])

        var anonymous = try HandshakeHarness(app: app, headUnit: .headUnit(trusting: m.ca))
        anonymous.run()
        #expect(anonymous.app.failure?.kind == .invalidCertificate)
        #expect(anonymous.app.failure?.code == .invalidCertificate)
    }

    struct CertificateFailure: Sendable, CustomStringConvertible {
        var description: String
        var expired: Bool
        var kind: SecurityError.Kind
        var code: SecurityErrorCode
    }

    static let certificateFailures = [
        CertificateFailure(
            description: "certificate from another CA", expired: false,
            kind: .invalidCertificate, code: .invalidCertificate
        ),
        CertificateFailure(
            description: "expired certificate", expired: true,
            kind: .expiredCertificate, code: .expiredCertificate
        ),
    ]

    @Test("a certificate the head unit rejects fails both sides with the SDL code", arguments: certificateFailures)
    func certificateFailure(_ failure: CertificateFailure) async throws {
        let m = try await Self.material()
        let app = OpenSSLSecurityConfiguration.app(
            certificateChain: failure.expired ? m.expiredCertificate : m.foreignCertificate,
            privateKey: failure.expired ? m.expiredKey : m.foreignKey)
        var harness = try HandshakeHarness(app: app, headUnit: .headUnit(trusting: m.ca))
        harness.run()

        // The head unit's verification fails; it tells the app with a TLS alert and a SendInternalError.
        let headUnitError = try #require(harness.headUnit.failure)
        #expect(headUnitError.kind == failure.kind)
        #expect(headUnitError.code == failure.code)
        #expect(headUnitError.context?.contains("certificate verification") == true)
        let notification = try #require(harness.headUnit.sent.last)
        #expect(notification.type == .notification && notification.queryID == .sendInternalError)
        #expect(notification.binary == [failure.code.rawValue])
        // The app learns the same from the alert, before the notification (which it then ignores).
        let appError = try #require(harness.app.failure)
        #expect(appError.kind == failure.kind)
        #expect(appError.code == failure.code)
        #expect(!harness.app.completed && !harness.headUnit.completed)
    }

    @Test("a head unit trusting another CA rejects the app's certificate")
    func wrongCA() async throws {
        let m = try await Self.material()
        var harness = try HandshakeHarness(app: Self.appConfiguration(m), headUnit: .headUnit(trusting: m.otherCA))
        harness.run()
        #expect(harness.headUnit.failure?.code == .invalidCertificate)
        #expect(harness.app.failure?.code == .invalidCertificate)
    }

    @Test(
        "handshake bytes that are not TLS give SSL_INVALID_DATA",
        arguments: [
            Array("GET / HTTP/1.1\r\n\r\n".utf8),
            [0x16, 0x09, 0x09, 0x00, 0x05, 0x01, 0x02, 0x03, 0x04, 0x05],  // handshake record, version 9.9
            [0x16, 0x03, 0x03, 0x00, 0x04, 0x01, 0xFF, 0xFF, 0xFF],  // ClientHello claiming 16 MB in 4 bytes
        ]
    )
    func garbage(bytes: [UInt8]) async throws {
        let m = try await Self.material()
        let manager = try OpenSSLSecurityManagerFactory(Self.appConfiguration(m))
            .makeManager(role: .app, appID: "app", vehicleMake: nil)
        var machine = HandshakeHarness.Machine(role: .app, timeout: .seconds(10))
        let request = SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 7, binary: bytes)
        let actions = machine.receive(request.buffer, now: .now, using: manager)

        let error = try #require(machine.failure)
        #expect(error.kind == .invalidData)
        #expect(error.code == .sslInvalidData)
        #expect(actions.last == .failed(error))
        let notification = try #require(actions.compactMap { if case .send(let q) = $0 { q } else { nil } }.last)
        #expect(notification.queryID == .sendInternalError && notification.sequenceNumber == 7)
        #expect(try SecurityInternalError(notification).code == .sslInvalidData)
    }

    @Test("a head unit that stops mid-handshake times the app out instead of hanging")
    func peerStopsMidHandshake() async throws {
        let m = try await Self.material()
        var harness = try HandshakeHarness(app: Self.appConfiguration(m), headUnit: .headUnit(trusting: m.ca))
        var delivered = 0
        // The head unit's first query (ClientHello) arrives; everything after it is lost.
        harness.run { query in
            delivered += 1
            return delivered == 1 ? query : nil
        }
        #expect(harness.app.events.isEmpty)
        let deadline = try #require(harness.app.machine.deadline)
        #expect(deadline == harness.now.advanced(by: HandshakeHarness.timeout))

        // A timer that fires early changes nothing; at the deadline the handshake fails.
        #expect(harness.app.machine.deadlineReached(now: deadline.advanced(by: .milliseconds(-1))) == [])
        let actions = harness.app.machine.deadlineReached(now: deadline)
        let error = SecurityError(.handshakeTimedOut, context: "waited 10.0 seconds as the app (TLS server)")
        #expect(actions.last == .failed(error))
        #expect(error.code == .handshakeFailed)
        guard case .send(let notification) = actions.first else {
            Issue.record("expected a SendInternalError first, got \(actions)")
            return
        }
        #expect(try SecurityInternalError(notification).code == .handshakeFailed)
        #expect(harness.app.machine.deadline == nil)
        #expect(harness.app.machine.deadlineReached(now: deadline.advanced(by: .seconds(1))) == [])
    }

    @Test("the app times out when the head unit never starts the handshake")
    func headUnitNeverStarts() {
        let start = ContinuousClock.now
        var machine = HandshakeHarness.Machine(role: .app, timeout: .seconds(5))
        #expect(machine.start(now: start) == [])
        #expect(machine.deadline == start.advanced(by: .seconds(5)))
        #expect(
            machine.deadlineReached(now: start.advanced(by: .seconds(5))).last.map {
                if case .failed(let e) = $0 { e.kind == .handshakeTimedOut } else { false }
            } == true)
    }

    @Test("an internal error from the head unit fails the app's handshake with the head unit's code")
    func internalErrorFromHeadUnit() async throws {
        let m = try await Self.material()
        var harness = try HandshakeHarness(app: Self.appConfiguration(m), headUnit: .headUnit(trusting: m.ca))
        harness.run { query in
            // The head unit gives up after its ClientHello with an error of its own.
            query.sequenceNumber == 1
                ? SecurityInternalError(code: .notSupported, text: "NOT_SUPPORTED").query(sequenceNumber: 1) : nil
        }
        let error = try #require(harness.app.failure)
        #expect(error.kind == .peerReportedError(.notSupported, text: "NOT_SUPPORTED"))
        #expect(error.code == .notSupported)
        #expect(harness.app.sent.isEmpty)
    }
}
