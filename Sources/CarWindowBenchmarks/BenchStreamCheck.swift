import HeadUnit
import NIOCore
import SDLMedia
import SDLWire

/// Checks, per app, that the RTP video the emulator received is whole and in order: it reads every frame as it
/// crossed the wire (``HeadUnitEmulator/receivedFrames()``) through its own depacketizer, so a gap in the RTP
/// sequence numbers, a damaged access unit or a timestamp that goes backwards is counted, independently of the
/// emulator's own recording.
///
/// ```swift
/// let check = Task { await BenchStreamCheck.run(await emulator.receivedFrames()) }
/// // ... stream, then stop the emulator (the stream ends) ...
/// for (app, report) in await check.value { print(app, report) }
/// ```
enum BenchStreamCheck {
    /// What one app's video looked like on the wire.
    struct Report: Sendable, CustomStringConvertible {
        /// Access units reassembled from the RTP packets.
        var accessUnits = 0
        /// Packets missing according to RTP sequence numbers.
        var lostPackets = 0
        /// Access units dropped by the depacketizer (damaged, or before the first IDR).
        var droppedAccessUnits = 0
        /// Packets that could not be parsed.
        var malformedPackets = 0
        /// Access units whose timestamp is not after the previous one's.
        var outOfOrder = 0
        /// Video frames that could not be reassembled into messages.
        var unreadFrames = 0

        /// Nothing lost, damaged, reordered or unread.
        var isWhole: Bool {
            lostPackets == 0 && droppedAccessUnits == 0 && malformedPackets == 0 && outOfOrder == 0
                && unreadFrames == 0
        }

        var description: String {
            "\(accessUnits) access units, \(lostPackets) packets lost, \(droppedAccessUnits) units dropped, "
                + "\(malformedPackets) malformed, \(outOfOrder) out of order, \(unreadFrames) frames not reassembled"
        }
    }

    /// Reads `frames` until it ends (the emulator stopped) and reports per app. Each video service restart (a
    /// reconnect) starts a new RTP stream, so a StartService for video starts a new depacketizer.
    static func run(_ frames: AsyncStream<ReceivedFrame>) async -> [AppID: Report] {
        var streams: [AppID: Stream] = [:]
        for await received in frames where received.frame.header.serviceType == .video {
            var stream = streams[received.app] ?? Stream()
            stream.receive(received.frame)
            streams[received.app] = stream
        }
        return streams.mapValues { stream in
            var stream = stream
            stream.restart()
            return stream.report
        }
    }

    private struct Stream {
        var assembler = MessageAssembler()
        var depacketizer = RTPDepacketizer()
        var lastTime: Duration?
        var report = Report()

        /// One video frame off the wire: a StartService starts a new RTP stream (a video service restart, a
        /// reconnect); data frames are reassembled into messages (the video service's MTU may split them).
        mutating func receive(_ frame: SDLFrame) {
            if frame.header.frameType == .control {
                if frame.header.controlFrameInfo == .startService { restart() }
                return
            }
            let message: SDLMessage?
            do {
                message = try assembler.append(frame)
            } catch {
                report.unreadFrames += 1
                return
            }
            guard let message else { return }
            depacketizer.append(message.payload.readableBytesView)
            drain()
        }

        /// Ends the current RTP stream: counts what it left and starts afresh.
        mutating func restart() {
            if let unit = depacketizer.finish() { count(unit) }
            let statistics = depacketizer.statistics
            report.lostPackets += statistics.lostPackets
            report.droppedAccessUnits += statistics.droppedAccessUnits
            report.malformedPackets += statistics.malformedPackets
            depacketizer = RTPDepacketizer()
            assembler.reset()
            lastTime = nil
        }

        private mutating func drain() {
            while true {
                do {
                    guard let unit = try depacketizer.nextAccessUnit() else { return }
                    count(unit)
                } catch {
                    // Counted in the depacketizer's statistics; it carries on with the next packet.
                }
            }
        }

        private mutating func count(_ unit: EncodedAccessUnit) {
            report.accessUnits += 1
            if let lastTime, unit.presentationTime <= lastTime { report.outOfOrder += 1 }
            lastTime = unit.presentationTime
        }
    }
}
