import Testing

/// The `bitrate` event the library writes (`SDLProjectionTests.BitrateEventRecordTests` pins the same line) is in
/// the documented `--events` table.
@Suite("--events schema: bitrate")
struct BitrateEventSchemaTests {
    @Test("the bitrate line conforms to the table")
    func conforms() throws {
        let schema = try EventSchemaTests.documentedSchema()
        #expect(schema["bitrate"]?.fields == ["bitrate", "previous", "reason", "dropped"])
        let line = #"{"t":1.5,"event":"bitrate","bitrate":700000,"previous":1000000,"reason":"congested","dropped":3}"#
        #expect(EventSchemaTests.problems(line, schema).isEmpty)
    }
}
