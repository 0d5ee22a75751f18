import NIOCore
import SDLWire
import SDLWireFuzzSupport
import Testing

/// Kept inputs (``RegressionCorpus``) replayed through the fuzz harness, plus the typed error each bug now gives.
@Suite("Regressions")
struct RegressionTests {
    @Test("every kept input passes the harness", arguments: RegressionCorpus.cases)
    func harness(_ regression: RegressionCase) {
        #expect(WireFuzzHarness.exercise(Hex.bytes(regression.hex)) == [])
    }

    @Test("the kept inputs give their typed errors")
    func typedErrors() throws {
        let cases = RegressionCorpus.cases.map { Array(Hex.bytes($0.hex).dropFirst()) }
        expectWireError(.nonZeroFrameInfo(3)) { try Feed.frames(cases[0]) }
        expectWireError(.truncatedFrame(missing: 11)) { try Feed.frames(cases[1], chunks: [32]) }
        expectWireError(.malformedBSON) { try BSONDocument(decoding: cases[3]) }
        expectWireError(.malformedBSON) { try BSONDocument(decoding: cases[4]) }
        expectWireError(.malformedRPCPayload) { try RPCEnvelopeV1(decoding: cases[5]) }
        expectWireError(.malformedProtocolVersion("+5.-0.1")) {
            try ProtocolVersion(String(decoding: cases[6], as: UTF8.self))
        }
        let frame = try #require(try Feed.frames(cases[7]).frames.first)
        expectWireError(.malformedRPCPayload) { try RPCPayload(decoding: frame.payload) }
    }
}
