import SDLAudio
import SDLProjection
import SDLRPC
import SDLSession
import SDLStreaming
import SDLWire
import Testing

/// The event-log lines every `carwindow` command writes: one record type, one JSON shape.
@Suite("Projection event records")
struct ProjectionEventRecordTests {
    static let audioCases: [(AudioStreamEvent, String)] = [
        (
            .started(AudioStreamDescription(format: .default, mtu: 131_072)),
            #"{"t":0.0,"event":"audioStarted","sampleRate":16000,"bitsPerSample":16,"mtu":131072}"#
        ),
        (.stopped(.hmiLevel(.background)), #"{"t":0.0,"event":"audioStopped","reason":"BACKGROUND"}"#),
        (.stopped(.hmiLevel(.none)), #"{"t":0.0,"event":"audioStopped","reason":"NONE"}"#),
        (.stopped(.requested), #"{"t":0.0,"event":"audioStopped","reason":"requested"}"#),
        (.stopped(.headUnitEndedService), #"{"t":0.0,"event":"audioStopped","reason":"headUnitEndedService"}"#),
        (.stopped(.transportClosed), #"{"t":0.0,"event":"audioStopped","reason":"transportClosed"}"#),
        (
            .finished(AudioItemID(rawValue: 3), .completed),
            #"{"t":0.0,"event":"audioFinished","item":3,"end":"completed"}"#
        ),
        (
            .finished(AudioItemID(rawValue: 6), .serviceStopped),
            #"{"t":0.0,"event":"audioFinished","item":6,"end":"serviceStopped"}"#
        ),
        (
            .error(MediaStreamingError(.undecodableFile, "/tmp/x.wav")),
            #"{"t":0.0,"event":"error","message":"audio file could not be decoded: /tmp/x.wav","source":"audio"}"#
        ),
    ]

    @Test("each audio event becomes one JSON line with its fields in order", arguments: audioCases)
    func audio(event: AudioStreamEvent, expected: String) {
        #expect(ProjectionEvent.audio(event).records.map { $0.jsonLine(t: 0) } == [expected])
    }

    @Test("video events: videoStarted carries size, protocol, codec, scale and encrypted; touchesCancelled is silent")
    func video() {
        #expect(
            ProjectionEvent.video(.stopped(.headUnitEndedService)).records.map { $0.jsonLine(t: 1.5) }
                == [#"{"t":1.5,"event":"videoStopped","reason":"headUnitEndedService"}"#])
        #expect(
            ProjectionEvent.video(.resized(ImageResolution(width: 320, height: 240))).records.map { $0.jsonLine(t: 2) }
                == [#"{"t":2.0,"event":"videoResized","width":320,"height":240}"#])
        #expect(ProjectionEvent.video(.suspended).records.map(\.name) == ["videoSuspended"])
        #expect(ProjectionEvent.video(.touchesCancelled).records.isEmpty)
    }

    @Test("a two-finger touch is one line per finger, in view points")
    func touch() {
        let touch = ProjectionTouch(
            type: .move,
            fingers: [
                .init(id: 0, path: [.init(x: 10, y: 20), .init(x: 400, y: 240)]),
                .init(id: 1, path: [.init(x: 5, y: 6)]),
            ])
        #expect(
            ProjectionEvent.touch(touch).records.map { $0.jsonLine(t: 0.25) } == [
                #"{"t":0.25,"event":"touch","type":"MOVE","id":0,"x":400.0,"y":240.0}"#,
                #"{"t":0.25,"event":"touch","type":"MOVE","id":1,"x":5.0,"y":6.0}"#,
            ])
    }

    @Test("a MOVE that folds the moves of a flood says how many, on each finger's line; an ordinary touch does not")
    func coalescedTouch() {
        let touch = ProjectionTouch(type: .move, fingers: [.init(id: 2, path: [.init(x: 1, y: 2)])], coalesced: 41)
        #expect(
            ProjectionEvent.touch(touch).records.map { $0.jsonLine(t: 1) } == [
                #"{"t":1.0,"event":"touch","type":"MOVE","id":2,"x":1.0,"y":2.0,"coalesced":41}"#
            ])
    }

    @Test("the typed appearance is the documented appearance line with its theme", arguments: Appearance.allCases)
    func appearance(appearance: Appearance) {
        #expect(
            ProjectionEvent.appearance(appearance).records.map { $0.jsonLine(t: 3) }
                == [#"{"t":3.0,"event":"appearance","theme":""# + (appearance == .day ? "day" : "night") + #""}"#])
    }

    @Test("hmiStatus, registered, gesture, hapticRects and error lines")
    func others() {
        let status = HMIStatus(
            hmiLevel: .full, audioStreamingState: .notAudible, videoStreamingState: .streamable, systemContext: .main)
        #expect(
            ProjectionEvent.hmiStatus(status).records.map { $0.jsonLine(t: 0) } == [
                #"{"t":0.0,"event":"hmiStatus","hmiLevel":"FULL","videoStreamingState":"STREAMABLE","systemContext":"MAIN"}"#
            ])
        #expect(
            ProjectionEvent.registered(appID: "a\"b", appName: "N", resultCode: "SUCCESS", transport: .ws).records[0]
                .jsonLine(t: 0)
                == #"{"t":0.0,"event":"registered","appID":"a\"b","appName":"N","resultCode":"SUCCESS","transport":"ws"}"#
        )
        // A cloud app's token: the line says one came, the value never reaches the log, nor the event's description.
        let cloud = ProjectionEvent.registered(
            appID: "a", appName: "N", resultCode: "SUCCESS", transport: .wss, authToken: CloudAuthToken("s3cret-token"))
        #expect(
            cloud.records[0].jsonLine(t: 0)
                == #"{"t":0.0,"event":"registered","appID":"a","appName":"N","resultCode":"SUCCESS","transport":"wss","authToken":"received"}"#
        )
        #expect(!"\(cloud)".contains("s3cret"))
        #expect("\(CloudAuthToken("s3cret-token"))" == "auth token (12 bytes)")
        #expect(
            ProjectionEvent.gesture(.singleTap(at: Point(x: 1, y: 2))).records[0].jsonLine(t: 0)
                == #"{"t":0.0,"event":"gesture","kind":"tap","x":1.0,"y":2.0,"scale":1.0}"#)
        #expect(
            ProjectionEvent.gesture(.pinchMoved(center: Point(x: 3, y: 4), scale: 1.5)).records[0].jsonLine(t: 0)
                == #"{"t":0.0,"event":"gesture","kind":"pinchMoved","x":3.0,"y":4.0,"scale":1.5}"#)
        #expect(
            ProjectionEvent.hapticRects(count: 4).records[0].jsonLine(t: 0)
                == #"{"t":0.0,"event":"hapticRects","count":4}"#)
        var multiline = ProjectionFailure(.sourceFailed, "")
        multiline.message = "line\nbreak"
        #expect(
            ProjectionEvent.error(multiline, source: nil).records[0].jsonLine(t: 0)
                == #"{"t":0.0,"event":"error","message":"line\nbreak"}"#)
    }

    @Test(
        "a reported error's line is its failure's message and its part; the kind and cause stay on the event",
        arguments: ProjectionEvent.ErrorSource.allCases)
    func reportedError(source: ProjectionEvent.ErrorSource) {
        let cause = SDLSessionError(.connectionClosed)
        let event = ProjectionEvent.error(
            ProjectionFailure(.requestFailed, "SendHapticData: closed", underlying: cause), source: source)
        #expect(
            event.records.map { $0.jsonLine(t: 0) }
                == [#"{"t":0.0,"event":"error","message":"SendHapticData: closed","source":"\#(source.rawValue)"}"#])
        guard case .error(let failure, _) = event else { return }
        #expect(failure.kind == .requestFailed)
        #expect((failure.underlying as? SDLSessionError)?.kind == .connectionClosed)
    }

    @Test("t is rounded to milliseconds")
    func milliseconds() {
        #expect(ProjectionEventRecord("x").jsonLine(t: 1.23456) == #"{"t":1.235,"event":"x"}"#)
    }
}
