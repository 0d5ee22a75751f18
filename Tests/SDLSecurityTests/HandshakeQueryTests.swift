import NIOCore
import SDLSecurity
import SDLWire
import Testing

/// The state machine alone, with a scripted engine: which queries it accepts, what it answers, how it numbers them.
@Suite("Handshake queries")
struct HandshakeQueryTests {
    typealias Machine = HandshakeStateMachine<ContinuousClock.Instant>
    let now = ContinuousClock.now

    @Test("SendInternalError is written as sorted JSON plus a one-byte copy of the code")
    func internalErrorBytes() throws {
        let query = SecurityInternalError(code: .invalidCertificate).query(sequenceNumber: 3)
        let json = Array(#"{"id":10,"text":"INVALID_CERT"}"#.utf8)
        let expected: [UInt8] =
            [0x20]  // type: notification
            + [0x00, 0x00, 0x02]  // query id: SendInternalError
            + [0x00, 0x00, 0x00, 0x03]  // sequence number 3
            + [0x00, 0x00, 0x00, UInt8(json.count)]  // JSON size
            + json
            + [0x0A]  // binary: the code again
        #expect(Array(query.buffer.readableBytesView) == expected)
        let back = try SecurityInternalError(SecurityQuery(decoding: ByteBuffer(bytes: expected)))
        #expect(back == SecurityInternalError(code: .invalidCertificate, text: "INVALID_CERT"))
    }

    @Test("an internal error with only the binary code, or an unknown code, still reads")
    func internalErrorLenient() throws {
        let binaryOnly = SecurityQuery(
            type: .notification, queryID: .sendInternalError, sequenceNumber: 0, binary: [0x0B])
        #expect(try SecurityInternalError(binaryOnly).code == .expiredCertificate)
        let unknown = SecurityQuery(
            type: .notification, queryID: .sendInternalError, sequenceNumber: 0, json: Array(#"{"id":66}"#.utf8))
        #expect(try SecurityInternalError(unknown).code.name == "UNKNOWN_0x42")
        let empty = SecurityQuery(type: .notification, queryID: .sendInternalError, sequenceNumber: 0)
        #expect(throws: SecurityError(.malformedQuery("internal error without a code in its JSON or binary"))) {
            try SecurityInternalError(empty)
        }
    }

    @Test(
        "every code in the PS §5.1.1.4 table has its name",
        arguments: [
            (0x00, "SUCCESS"), (0x01, "INVALID_QUERY_SIZE"), (0x02, "INVALID_QUERY_ID"), (0x03, "NOT_SUPPORTED"),
            (0x04, "SERVICE_ALREADY_PROTECTED"), (0x05, "SERVICE_NOT_PROTECTED"), (0x06, "DECRYPTION_FAILED"),
            (0x07, "ENCRYPTION_FAILED"), (0x08, "SSL_INVALID_DATA"), (0x09, "HANDSHAKE_FAILED"),
            (0x0A, "INVALID_CERT"), (0x0B, "EXPIRED_CERT"), (0xFE, "UNKNOWN_INTERNAL_ERROR"), (0xFF, "INTERNAL"),
        ] as [(UInt8, String)]
    )
    func codeNames(code: UInt8, name: String) {
        #expect(SecurityErrorCode(rawValue: code).name == name)
    }

    @Test(
        "queries the app does not handle are refused with the right code and the handshake goes on",
        arguments: [
            (SecurityQuery.QueryType.response, SecurityQuery.QueryID.sendHandshakeData),  // sdl_ios refuses these too
            (.request, SecurityQuery.QueryID(rawValue: 0x000003)),
            (.invalid, .sendHandshakeData),
        ]
    )
    func appRefuses(type: SecurityQuery.QueryType, id: SecurityQuery.QueryID) throws {
        var machine = Machine(role: .app, timeout: .seconds(10))
        _ = machine.start(now: now)
        let query = SecurityQuery(type: type, queryID: id, sequenceNumber: 9, binary: [0x16])
        let actions = machine.receive(query.buffer, now: now)
        let error = SecurityError(.unexpectedQuery(type: type, id: id), context: "as the app (TLS server)")
        #expect(
            actions == [.send(SecurityInternalError(code: .invalidQueryID).query(sequenceNumber: 9)), .rejected(error)])
        #expect(machine.failure == nil && machine.deadline != nil)
    }

    @Test("a query shorter than its header or its JSON size gives INVALID_QUERY_SIZE")
    func malformed() throws {
        var machine = Machine(role: .app, timeout: .seconds(10))
        for bytes: [UInt8] in [[0x00, 0x00, 0x00], [0x00, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 9, 0x7B]] {
            let actions = machine.receive(ByteBuffer(bytes: bytes), now: now)
            guard case .send(let reply) = actions.first, case .rejected(let error) = actions.last else {
                Issue.record("expected a reply and a rejection, got \(actions)")
                continue
            }
            #expect(try SecurityInternalError(reply).code == .invalidQuerySize)
            #expect(error.code == .invalidQuerySize)
        }
    }

    @Test("the app answers with a Response echoing the sequence number; TLS 1.3's empty final step sends nothing")
    func appAnswers() {
        var machine = Machine(role: .app, timeout: .seconds(10))
        let hello = SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 41, binary: [1, 2])
        #expect(machine.receive(hello.buffer, now: now) == [.runHandshake([1, 2])])
        let reply = machine.handshakeStepped(HandshakeStep(output: [3], state: .inProgress), now: now)
        #expect(
            reply == [
                .send(SecurityQuery(type: .response, queryID: .sendHandshakeData, sequenceNumber: 41, binary: [3]))
            ])
        let finished = SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 0, binary: [4])
        #expect(machine.receive(finished.buffer, now: now) == [.runHandshake([4])])
        #expect(machine.handshakeStepped(HandshakeStep(output: [], state: .complete), now: now) == [.completed])
        #expect(machine.isComplete)
    }

    @Test("the head unit starts with a Request, accepts only Responses, and numbers its Requests")
    func headUnitSide() {
        var machine = Machine(role: .headUnit, timeout: .seconds(10))
        #expect(machine.start(now: now) == [.runHandshake([])])
        #expect(
            machine.handshakeStepped(HandshakeStep(output: [0x16], state: .inProgress), now: now)
                == [
                    .send(SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 1, binary: [0x16]))
                ]
        )
        let request = SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 1, binary: [9])
        #expect(
            machine.receive(request.buffer, now: now).last.map { if case .rejected = $0 { true } else { false } }
                == true)
        // sdl_ios answers with sequence number 0; the head unit accepts it.
        let response = SecurityQuery(type: .response, queryID: .sendHandshakeData, sequenceNumber: 0, binary: [5])
        #expect(machine.receive(response.buffer, now: now) == [.runHandshake([5])])
        let failed = SecurityError(.invalidCertificate, context: "test")
        #expect(
            machine.handshakeStepped(HandshakeStep(output: [0x15], state: .failed(failed)), now: now) == [
                .send(SecurityQuery(type: .request, queryID: .sendHandshakeData, sequenceNumber: 2, binary: [0x15])),
                .send(SecurityInternalError(code: .invalidCertificate).query(sequenceNumber: 2)),
                .failed(failed),
            ]
        )
        // After a failure, the peer's own alerts and notifications are ignored.
        #expect(machine.receive(response.buffer, now: now) == [])
    }

    @Test("the head unit fails with the app's code when the app reports an internal error mid-handshake")
    func headUnitReceivesError() {
        var machine = Machine(role: .headUnit, timeout: .seconds(10))
        _ = machine.start(now: now)
        _ = machine.handshakeStepped(HandshakeStep(output: [0x16], state: .inProgress), now: now)
        let notification = SecurityInternalError(code: .internal).query(sequenceNumber: 0)
        let error = SecurityError(.peerReportedError(.internal, text: "INTERNAL"))
        #expect(machine.receive(notification.buffer, now: now) == [.failed(error)])
        #expect(machine.failure == error)
        #expect(error.code == .internal)
        #expect(error.description == "peer reported a security error [INTERNAL (0xFF)]")
    }
}
