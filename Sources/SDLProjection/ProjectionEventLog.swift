import Foundation

/// Writes ``ProjectionEvent``s as JSON lines, to a file or standard output: the `--events` log of every `carwindow`
/// command. `t` is the seconds since the log was opened.
///
/// ```swift
/// let log = try ProjectionEventLog(destination: "-")
/// let events = await streaming.events()
/// Task { for await event in events { await log.write(event) } }
/// ```
public actor ProjectionEventLog {
    /// The log file could not be created.
    public struct OpenError: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var description: String { "cannot create the events file \(path)" }
    }

    private var handle: FileHandle?
    private let closesHandle: Bool
    private let start: ContinuousClock.Instant

    /// - Parameters:
    ///   - destination: a path (truncated), `-` for stdout, or `nil` to write nothing.
    ///   - start: the instant `t` counts from.
    /// - Throws: ``OpenError`` when the file cannot be created.
    public init(destination: String?, start: ContinuousClock.Instant = .now) throws(OpenError) {
        self.start = start
        switch destination {
        case nil:
            handle = nil
            closesHandle = false
        case "-":
            handle = FileHandle.standardOutput
            closesHandle = false
        case let path?:
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else { throw OpenError(path: path) }
            handle = file
            closesHandle = true
        }
    }

    /// Writes the event's lines, each at once and unbuffered, so a reader sees it as it happens.
    public func write(_ event: ProjectionEvent) {
        for record in event.records { write(record) }
    }

    /// Writes one record.
    public func write(_ record: ProjectionEventRecord) {
        guard let handle else { return }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        handle.write(Data((record.jsonLine(t: seconds) + "\n").utf8))
    }

    /// Closes a file destination; later writes are lost.
    public func close() {
        if closesHandle { try? handle?.close() }
        handle = nil
    }
}
