import SDLRPC

extension AudioStreamEvent {
    /// The event as an event-log line:
    ///
    /// | event | name | fields |
    /// |---|---|---|
    /// | `.started` | `audioStarted` | `sampleRate`, `bitsPerSample`, `mtu` |
    /// | `.stopped` | `audioStopped` | `reason`: `BACKGROUND`/`NONE`/... (HMI level), `requested`, `headUnitEndedService`, `movingTransport`, `transportClosed` |
    /// | `.finished` | `audioFinished` | `item` (the ``AudioItemID``'s number), `end`: `completed`, `interrupted`, `flushed`, `serviceStopped` |
    /// | `.error` | `error` | `message`, `source`: `audio` |
    public var logRecord: AudioEventLogRecord {
        switch self {
        case .started(let stream):
            AudioEventLogRecord(
                name: "audioStarted",
                fields: [
                    .init("sampleRate", .int(stream.format.sampleRate)),
                    .init("bitsPerSample", .int(stream.format.sampleWidth.rawValue)), .init("mtu", .int(stream.mtu)),
                ])
        case .stopped(let reason):
            AudioEventLogRecord(name: "audioStopped", fields: [.init("reason", .string(reason.logName))])
        case .finished(let item, let end):
            AudioEventLogRecord(
                name: "audioFinished",
                fields: [.init("item", .int(Int(clamping: item.rawValue))), .init("end", .string(end.logName))])
        case .error(let error):
            AudioEventLogRecord(
                name: "error", fields: [.init("message", .string("\(error)")), .init("source", .string("audio"))])
        }
    }
}

extension AudioStreamStopReason {
    var logName: String {
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
    var logName: String {
        switch self {
        case .completed: "completed"
        case .interrupted: "interrupted"
        case .flushed: "flushed"
        case .serviceStopped: "serviceStopped"
        }
    }
}
