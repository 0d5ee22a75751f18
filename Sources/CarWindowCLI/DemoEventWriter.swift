import CarWindow
import Foundation
import SDLRPC
import SDLSession
import SDLStreaming

/// Writes `carwindow demo --events` as JSON lines: one object per event, `event` naming it, keys sorted, and `t`
/// the seconds since the demo started.
///
/// ```json
/// {"event":"touch","id":0,"t":3.2,"type":"BEGIN","x":740,"y":86}
/// {"event":"gesture","kind":"tap","scale":1,"t":3.3,"x":740,"y":86}
/// {"event":"hapticRects","count":4,"t":3.6}
/// ```
actor DemoEventWriter {
    private let handle: FileHandle
    private let closesHandle: Bool
    private let start = ContinuousClock.now

    /// Opens `path` for writing (truncating it), or standard output for `-`.
    init(path: String) throws {
        if path == "-" {
            handle = .standardOutput
            closesHandle = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            closesHandle = true
        }
    }

    func close() {
        if closesHandle { try? handle.close() }
    }

    /// Writes one line: `fields` plus `event` and `t`.
    func write(_ event: String, _ fields: [String: any Sendable] = [:]) {
        var object = fields.mapValues { $0 as Any }
        object["event"] = event
        let elapsed = (ContinuousClock.now - start).components
        // Milliseconds are enough to line events up with a recording.
        object["t"] = ((Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) * 1000).rounded() / 1000
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        handle.write(data + Data("\n".utf8))
    }

    /// One `touch` line per finger, in head-unit pixels as received.
    func write(touch: CarWindow.TouchNotification) {
        for finger in touch.touches {
            guard let point = finger.coordinates.last else { continue }
            write("touch", ["type": touch.type.rawValue, "id": finger.id, "x": point.x, "y": point.y])
        }
    }

    /// A `gesture` line: kind, position in view points, and the pinch scale (1 for other gestures).
    func write(gesture: Gesture) {
        var scale = 1.0
        if case .pinchMoved(_, let pinch) = gesture { scale = pinch }
        write("gesture", ["kind": gesture.kind, "x": gesture.location.x, "y": gesture.location.y, "scale": scale])
    }

    /// The video manager's events: `videoStarted`, `videoStopped`, `videoResized`, `error`.
    func write(video event: VideoStreamEvent) {
        switch event {
        case .started(let stream):
            write(
                "videoStarted",
                [
                    "width": stream.size.width, "height": stream.size.height, "scale": stream.scale.factor,
                    "protocol": stream.format.protocol.rawValue, "codec": stream.format.codec.rawValue,
                ])
        case .stopped(let reason):
            write("videoStopped", ["reason": "\(reason)"])
        case .resized(let size):
            write("videoResized", ["width": size.width, "height": size.height])
        case .error(let error):
            write("error", ["message": "\(error)"])
        case .suspended, .resumed, .touchesCancelled:
            break
        }
    }

    /// The session's `hmiStatus`.
    func write(status: HMIStatus) {
        write(
            "hmiStatus",
            [
                "hmiLevel": status.hmiLevel.rawValue, "videoStreamingState": status.videoStreamingState.rawValue,
                "systemContext": status.systemContext.rawValue,
            ])
    }
}
