import SDLAudio
import SDLRPC
import Testing

/// The event-log lines `carwindow stream --events` writes for audio.
@Suite("Audio event log records")
struct AudioEventLogRecordTests {
    static let cases: [(AudioStreamEvent, String)] = [
        (
            .started(AudioStreamDescription(format: .default, mtu: 131_072)),
            #"audioStarted {sampleRate: 16000, bitsPerSample: 16, mtu: 131072}"#
        ),
        (.stopped(.hmiLevel(.background)), #"audioStopped {reason: "BACKGROUND"}"#),
        (.stopped(.hmiLevel(.none)), #"audioStopped {reason: "NONE"}"#),
        (.stopped(.requested), #"audioStopped {reason: "requested"}"#),
        (.stopped(.headUnitEndedService), #"audioStopped {reason: "headUnitEndedService"}"#),
        (.stopped(.transportClosed), #"audioStopped {reason: "transportClosed"}"#),
        (.finished(AudioItemID(rawValue: 3), .completed), #"audioFinished {item: 3, end: "completed"}"#),
        (.finished(AudioItemID(rawValue: 4), .interrupted), #"audioFinished {item: 4, end: "interrupted"}"#),
        (.finished(AudioItemID(rawValue: 5), .flushed), #"audioFinished {item: 5, end: "flushed"}"#),
        (.finished(AudioItemID(rawValue: 6), .serviceStopped), #"audioFinished {item: 6, end: "serviceStopped"}"#),
        (
            .error(AudioStreamingError(.undecodableFile, "/tmp/x.wav")),
            #"error {message: "audio file could not be decoded: /tmp/x.wav", source: "audio"}"#
        ),
    ]

    @Test("each event becomes one named record with flat fields", arguments: cases)
    func record(event: AudioStreamEvent, expected: String) {
        #expect(event.logRecord.description == expected)
    }

    @Test("field values are JSON-ready Int or String")
    func jsonValues() {
        let record = AudioStreamEvent.finished(AudioItemID(rawValue: 9), .completed).logRecord
        #expect(record.name == "audioFinished")
        #expect(record.fields.map(\.key) == ["item", "end"])
        #expect(record.fields[0].value.jsonValue as? Int == 9)
        #expect(record.fields[1].value.jsonValue as? String == "completed")
    }
}
