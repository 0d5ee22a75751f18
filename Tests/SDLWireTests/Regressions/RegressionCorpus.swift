/// Every input that ever crashed SDLWire, broke an invariant, or found a bug, kept as a regression case. Each runs
/// through the fuzz harness and, where it names one, must give the typed error it gives now.
///
/// The hex is the harness input: its first byte is the harness's settings byte (receive limit and chunking), the
/// rest is what the decoders see. Add new fuzzer finds here with the date and what was wrong.
struct RegressionCase: Sendable, CustomStringConvertible {
    var name: String
    /// Harness input, annotated hex (see ``Hex/bytes(_:)``).
    var hex: String
    var description: String { name }
}

enum RegressionCorpus {
    static let cases: [RegressionCase] = [
        RegressionCase(
            name: "2026-11 review: Single frame with frame info 3 was accepted (PS §3.2.1 reserves 0x00)",
            hex: """
                04                // harness: limit 131072, chunk 1
                51 07 03 01       // v5 single, RPC, frame info 3, session 1
                00000000 00000001 // data size 0, message id 1
                """
        ),
        RegressionCase(
            name: "2026-11 review: header consumed before the payload arrived; EOF then miscounted the missing bytes",
            hex: """
                fc                // harness: limit 131072, chunk 32
                51 0b 00 01       // v5 single, video
                00000010 00000002 // data size 16, message id 2
                0102030405        // 5 of 16 payload bytes, then EOF
                """
        ),
        RegressionCase(
            name: "2026-11 review: First frames declaring empty messages filled the assembler's table without bound",
            hex: """
                04                                  // harness: limit 131072, chunk 1
                52 0b 00 01 00000008 00000001       // v5 first, video, message 1
                00000000 00000001                   // total 0 bytes in 1 frame
                52 0b 00 01 00000008 00000002       // message 2, the same
                00000000 00000001
                """
        ),
        RegressionCase(
            name: "2026-11 review: BSON document whose length field is 0x7FFFFFFF",
            hex: """
                04
                ffffff7f 00       // document length 2^31-1, one byte present
                """
        ),
        RegressionCase(
            name: "2026-11 review: nested document length pointing past the parent",
            hex: """
                04
                0d000000 03 6100 ff000000 00 00
                """
        ),
        RegressionCase(
            name: "2026-11 review: v1 envelope with array parameters was accepted",
            hex: """
                04
                7b2272657175657374223a7b226e616d65223a2241222c22706172616d6574657273223a5b315d7d7d
                // {"request":{"name":"A","parameters":[1]}}
                """
        ),
        RegressionCase(
            name: "2026-11 review: protocol version with signs (+5.-0.1) parsed",
            hex: """
                04
                2b352e2d302e31    // "+5.-0.1"
                """
        ),
        RegressionCase(
            name: "2026-11 review: RPC payload with JSON size 0xFFFFFFFF inside a valid frame",
            hex: """
                04
                51 07 00 01 0000000e 00000001       // v5 single, RPC, data size 14
                00000001 00000001 ffffffff 7b7d     // JSON size lies
                """
        ),
    ]
}
