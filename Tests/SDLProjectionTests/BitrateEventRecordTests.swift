import SDLProjection
import SDLStreaming
import Testing

/// The `bitrate` line of `--events`: the fields docs/streaming.md lists, in its order (the CLI's
/// `BitrateEventSchemaTests` checks the same line against the table).
@Suite("Bitrate event record")
struct BitrateEventRecordTests {
    static let line =
        #"{"t":1.5,"event":"bitrate","bitrate":700000,"previous":1000000,"reason":"congested","dropped":3}"#

    @Test("a bitrate change is one line with the new and previous target, the reason and the drops")
    func line() {
        let change = BitrateChange(bitrate: 700_000, previous: 1_000_000, reason: .congested, framesDropped: 3)
        #expect(ProjectionEvent.video(.bitrateChanged(change)).records.map { $0.jsonLine(t: 1.5) } == [Self.line])
        let up = BitrateChange(bitrate: 750_000, previous: 700_000, reason: .recovered, framesDropped: 3)
        #expect(
            ProjectionEvent.video(.bitrateChanged(up)).records.first?.jsonLine(t: 0).contains(
                #""reason":"recovered""#) == true)
    }
}
