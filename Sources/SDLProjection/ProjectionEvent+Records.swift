import Foundation
public import SDLAudio
import SDLRPC
import SDLSession
public import SDLStreaming
import SDLWire

extension ProjectionEvent {
    /// The event as event-log lines (a touch gives one line per finger; a few internal events give none). The
    /// table in docs/streaming.md, "--events format", is this mapping; a test holds the two together.
    /// The `registered` line: `authToken` says whether the head unit sent one, never its value (a log is no place
    /// for a secret).
    private static func registeredRecord(
        _ appID: String, _ appName: String, _ resultCode: String, _ transport: TransportKind,
        _ authToken: CloudAuthToken?
    ) -> ProjectionEventRecord {
        var fields: [(String, ProjectionEventRecord.Value)] = [
            ("appID", .string(appID)), ("appName", .string(appName)), ("resultCode", .string(resultCode)),
            ("transport", .string(transport.rawValue)),
        ]
        if authToken != nil { fields.append(("authToken", .string("received"))) }
        return ProjectionEventRecord("registered", fields)
    }

    public var records: [ProjectionEventRecord] {
        switch self {
        case .registered(let appID, let appName, let resultCode, let transport, let authToken):
            [Self.registeredRecord(appID, appName, resultCode, transport, authToken)]
        case .hmiStatus(let status):
            [
                .init(
                    "hmiStatus",
                    [
                        ("hmiLevel", .string(status.hmiLevel.rawValue)),
                        ("videoStreamingState", .string(status.videoStreamingState.rawValue)),
                        ("systemContext", .string(status.systemContext.rawValue)),
                    ])
            ]
        case .video(let event): Self.records(event)
        case .audio(let event): [Self.record(event)]
        case .touch(let touch):
            touch.fingers.map { finger in
                .init(
                    "touch",
                    [
                        ("type", .string(touch.type.rawValue)), ("id", .int(finger.id)), ("x", .double(finger.x)),
                        ("y", .double(finger.y)),
                    ] + (touch.coalesced > 0 ? [("coalesced", .int(touch.coalesced))] : []))
            }
        case .gesture(let gesture):
            [
                .init(
                    "gesture",
                    [
                        ("kind", .string(gesture.kind)), ("x", .double(gesture.location.x)),
                        ("y", .double(gesture.location.y)), ("scale", .double(gesture.pinchScale)),
                    ])
            ]
        case .button(let button):
            [
                .init(
                    "button", [("name", .string(button.name.rawValue)), ("action", .string(button.action.rawValue))])
            ]
        case .buttonSubscription(let name, let result):
            [.init("buttonSubscription", [("name", .string(name.rawValue)), ("result", .string(result))])]
        case .hapticRects(let count):
            [.init("hapticRects", [("count", .int(count))])]
        case .driverDistraction(let on):
            [.init("driverDistraction", [("on", .bool(on))])]
        case .appearance(let appearance):
            [.init("appearance", [("theme", .string(appearance.rawValue))])]
        case .reconnecting(let attempt, let delay, let reason):
            [
                .init(
                    "reconnecting",
                    [("attempt", .int(attempt)), ("delay", .double(Self.seconds(delay))), ("reason", .string(reason))])
            ]
        case .frame(let timing): [Self.record(timing)]
        case .eventsDropped(let count):
            [.init("eventsDropped", [("count", .int(count))])]
        case .error(let failure, let source):
            [
                .init(
                    "error",
                    [("message", .string(failure.message))] + (source.map { [("source", .string($0.rawValue))] } ?? []))
            ]
        }
    }

    /// The `frame` line: the instants as wall-clock Unix milliseconds (to the microsecond),
    /// read when the line is made (``FrameTiming/unixMilliseconds(_:now:wallNow:)``).
    private static func record(_ timing: FrameTiming) -> ProjectionEventRecord {
        let now = ContinuousClock.now
        let wallNow = Date()
        func wall(_ instant: ContinuousClock.Instant) -> ProjectionEventRecord.Value {
            .double((FrameTiming.unixMilliseconds(instant, now: now, wallNow: wallNow) * 1000).rounded() / 1000)
        }
        return .init(
            "frame",
            (timing.requested.map { [("requested", wall($0))] } ?? [])
                + [("started", wall(timing.started)), ("rendered", wall(timing.rendered)), ("sent", wall(timing.sent))])
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    static func records(_ event: VideoStreamEvent) -> [ProjectionEventRecord] {
        switch event {
        case .started(let stream):
            [
                .init(
                    "videoStarted",
                    [
                        ("width", .int(stream.size.width)), ("height", .int(stream.size.height)),
                        ("protocol", .string(stream.format.protocol.rawValue)),
                        ("codec", .string(stream.format.codec.rawValue)), ("scale", .double(stream.scale.factor)),
                        ("encrypted", .bool(stream.isEncrypted)),
                    ])
            ]
        case .stopped(let reason): [.init("videoStopped", [("reason", .string(reason.logName))])]
        case .suspended: [.init("videoSuspended")]
        case .resumed: [.init("videoResumed")]
        case .resized(let size): [.init("videoResized", [("width", .int(size.width)), ("height", .int(size.height))])]
        case .error(let error):
            [.init("error", [("message", .string(error.description)), ("source", .string("video"))])]
        case .touchesCancelled: []
        case .bitrateChanged(let change):
            [
                .init(
                    "bitrate",
                    [
                        ("bitrate", .int(change.bitrate)), ("previous", .int(change.previous)),
                        ("reason", .string(change.reason.rawValue)), ("dropped", .int(change.framesDropped)),
                    ])
            ]
        }
    }

    static func record(_ event: AudioStreamEvent) -> ProjectionEventRecord {
        switch event {
        case .started(let stream):
            .init(
                "audioStarted",
                [
                    ("sampleRate", .int(stream.format.sampleRate)),
                    ("bitsPerSample", .int(stream.format.sampleWidth.rawValue)), ("mtu", .int(stream.mtu)),
                ])
        case .stopped(let reason): .init("audioStopped", [("reason", .string(reason.logName))])
        case .finished(let item, let end):
            .init("audioFinished", [("item", .int(Int(clamping: item.rawValue))), ("end", .string(end.logName))])
        case .error(let error): .init("error", [("message", .string("\(error)")), ("source", .string("audio"))])
        }
    }
}

extension VideoStreamStopReason {
    /// The `reason` of a `videoStopped` line.
    public var logName: String {
        switch self {
        case .requested: "requested"
        case .notStreamable: "notStreamable"
        case .headUnitEndedService: "headUnitEndedService"
        case .transportClosed: "transportClosed"
        case .restarting: "restarting"
        case .failed: "failed"
        }
    }
}

extension AudioStreamStopReason {
    /// The `reason` of an `audioStopped` line: the HMI level, or what ended the service.
    public var logName: String {
        switch self {
        case .hmiLevel(let level): level.rawValue
        case .requested: "requested"
        case .headUnitEndedService: "headUnitEndedService"
        case .movingTransport: "movingTransport"
        case .transportClosed: "transportClosed"
        }
    }
}

extension AudioItemEnd {
    /// The `end` of an `audioFinished` line.
    public var logName: String {
        switch self {
        case .completed: "completed"
        case .interrupted: "interrupted"
        case .flushed: "flushed"
        case .serviceStopped: "serviceStopped"
        }
    }
}
