import Foundation
import SDLRPCFuzzSupport
import Testing

/// Every input that ever crashed the RPC models or the emulator's app handling, or broke an invariant of
/// `RPCFuzzHarness`, kept as a regression case and replayed through the harness.
///
/// The hex is the harness input: its first byte picks the half (below 0x80 the RPC models, from 0x80 an app session,
/// then the session's settings byte and its records: op, arg, 2-byte length, body; see `AppSessionFuzzing`).
/// Add new fuzzer finds here with the date and what was wrong, then fix them.
@Suite("RPC fuzz regressions")
struct RPCFuzzRegressionTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// Harness input as hex; spaces, line breaks and `//` comments are ignored, `"text"` is its UTF-8 bytes.
        var hex: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "2026-11 harness invariant: UnregisterAppInterface left the keyboard open (its timeout running)",
            hex: """
                80 01                 // an app session, registered first
                01 08 0071            // request PerformInteraction, 113 bytes of JSON:
                "{"initialText":"","interactionChoiceSetIDList":[],"
                ""interactionLayout":"KEYBOARD","interactionMode":"MANUAL_ONLY"}"
                01 01 0000            // request UnregisterAppInterface, no parameters
                """
        ),
        Case(
            name: "2026-11 RandomizedRPCFuzzTests: a protocol 1 RPC that did not parse got a GenericResponse whose "
                + "correlation id was read from its bytes as if they had a binary RPC header (0x51070001 here)",
            hex: """
                80 01                 // an app session, registered first
                0a 00 000e            // a protocol 1 RPC, 14 bytes of payload that are no JSON envelope
                00000056 51070001     // but read as a binary RPC header: function 0x56, correlation 0x51070001,
                00000002 7b7d         // 2 bytes of JSON, {}
                """
        ),
    ]

    @Test("each input that once failed passes the harness now", arguments: cases)
    func replay(_ regression: Case) {
        let violations = RPCFuzzHarness.exercise(Self.bytes(regression.hex))
        #expect(violations.isEmpty, "\(violations)")
    }

    /// Reads annotated hex: `//` comments to the end of the line, whitespace ignored, `"..."` taken as UTF-8.
    static func bytes(_ annotated: String) -> [UInt8] {
        var result: [UInt8] = []
        for line in annotated.split(separator: "\n") {
            var text = Substring(line)
            if let quote = text.firstIndex(of: "\""), text.first(where: { !$0.isWhitespace }) == "\"" {
                let body = text[text.index(after: quote)...]
                if let end = body.lastIndex(of: "\"") {
                    result += Array(body[..<end].utf8)
                    text = body[body.index(after: end)...]
                }
            }
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
            let digits = text.filter(\.isHexDigit)
            var index = digits.startIndex
            while let next = digits.index(index, offsetBy: 2, limitedBy: digits.endIndex), index < digits.endIndex {
                result.append(UInt8(digits[index..<next], radix: 16) ?? 0)
                index = next
            }
        }
        return result
    }
}
