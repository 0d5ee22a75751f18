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
        Case(
            name: "2026-11 SDLRPCFuzz, 52 131 runs: an app settled the old way that went on in protocol 1 got control "
                + "frames (a HeartbeatACK here) built with a message id a version 1 header cannot carry",
            hex: """
                // crash-ead4298dac2a788e1a439e2f7412a9a197e9163e as libFuzzer wrote it: the app's StartService
                // (protocol 5.4.0 asked), a RegisterAppInterface, then v1 frames among them a Heartbeat
                ffffff070000000200281007010000000020200000000270726f746f636f6c56657273696f6e0006000000352e342e30
                0000000001d851070001000001cc000000010000000100000001000001c07b2273796e634d736756657273696f6e223a
                207b226d616a6f7256657273696f6e223a20382c20226d696e6f7256657273696f6e223a20302c202270617463685665
                7273696f6e223a20307d2c20226170704e616d65223a2022537769667453444c204e61762050726f6265222c20226e67
                6e4d6564696153637265656e4170704e616d65223a20225377696674222c202269734d656469614170706c6963617469
                6f6e223a2066616c73652c20226c616e677561676544657369726564223a2022454e2d5553222c2022686d6944697370
                6c61794c616e677561676544657369726564223a2022454e2d5553222c2022617070484d4954797065223a205b224e41
                5649474154494f4e225d2c20226170704944223a2022737769667473646c2d6e6176222c202266756c6c417070494422
                3a2022737769667473646c2d6e6176222c2022646576696365496e666f223a207b226861726477617265223a20227072
                6f6265222c20226f73223a20224c696e7578222c20226f7356657273696f6e223a202231222c20226361727269657222
                3a20226e6f6e65222c20226d61784e756d6265724f66537570706f7274656450726f746f636f6c73223a20317d7d0000
                0056510700010000004a0000000200000030000000020000003e7b2273797374656d4361706162696c69747954797065
                223a2022564944454f5f53545245414d494e47222c2022737562736372696265223a20747275657d00000054500b0101
                0000004800000003480000001068656967687400e0010000107769647468002003000002766964656f50726f746f636f
                6c00040000005241570002766964656f436f646563000500000048323634000000000110510700010000010400000004
                0000003100000003000000f87b226861707469635265637444617461223a205b7b226964223a20312c20227265637422
                3a207b2278223a2032302e302c202279223a2032302e302c20227769647468223a203132302e302c2022686569676874
                223a2036302e307d7d2c207b226964223a20322c203272656374223a207b2278223a203636302e302c202279223a2032
                302e302c20227769647468223a203132302e302c2022686569676874223a2036302e307d7d2c207b226964223a20332c
                202272656374223a207b2278223a203334302e302c202279223a203430302e302c20227769647468223a203132302e30
                2c2022686569676874223a2036302e307d7d5d7d0000000c500b040100000000000000c40000001a510700617564796f
                53747265616d696e675374617465010000000e000000c50000000200000004000000027b7d0000001d50070401000000
                11000000c611000000106861736849640001000100000600000006010000070200000600000007030000
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
