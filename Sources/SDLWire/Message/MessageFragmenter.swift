import NIOCore

/// Splits a message into frames that fit the MTU (PS §3.3).
///
/// A payload that fits goes out as one Single (or control) frame. A larger one becomes a First frame, whose 8-byte
/// payload declares the total size and the number of Consecutive frames, followed by Consecutive frames numbered
/// 1, 2, ... 255, 1, 2, ... with the last one numbered 0. All frames share the message id.
///
/// ```swift
/// let frames = MessageFragmenter.frames(for: message, maximumPayload: mtu.maximumSendPayload(for: .video))
/// ```
public enum MessageFragmenter {
    /// The frame number of the `index`th Consecutive frame (0-based) of `count`: 1...255 wrapping to 1, 0 for the last.
    public static func frameNumber(index: Int, count: Int) -> UInt8 {
        index == count - 1 ? 0 : UInt8(index % 255 + 1)
    }

    /// The frames for `message`, each carrying at most `maximumPayload` bytes (clamped to at least 1).
    ///
    /// Control messages are never split. The payload slices share storage with the message: nothing is copied.
    public static func frames(for message: SDLMessage, maximumPayload: Int) -> [SDLFrame] {
        let chunk = max(1, maximumPayload)
        let total = message.payload.readableBytes
        var header = FrameHeader(
            version: message.version,
            isEncrypted: message.isEncrypted,
            frameType: .single,
            serviceType: message.serviceType,
            frameInfo: 0,
            sessionID: message.sessionID,
            dataSize: 0,
            messageID: message.messageID
        )
        if let control = message.controlFrameInfo {
            header.frameType = .control
            header.frameInfo = control.rawValue
            return [SDLFrame(header: header, payload: message.payload)]
        }
        if total <= chunk {
            return [SDLFrame(header: header, payload: message.payload)]
        }
        let count = (total + chunk - 1) / chunk
        var frames: [SDLFrame] = []
        frames.reserveCapacity(count + 1)
        var first = header
        first.frameType = .first
        first.isEncrypted = false
        frames.append(
            SDLFrame(
                header: first,
                payload: FirstFramePayload(totalSize: UInt32(total), frameCount: UInt32(count)).buffer
            )
        )
        var payload = message.payload
        var consecutive = header
        consecutive.frameType = .consecutive
        for index in 0..<count {
            let length = min(chunk, payload.readableBytes)
            guard let slice = payload.readSlice(length: length) else { break }
            consecutive.frameInfo = frameNumber(index: index, count: count)
            frames.append(SDLFrame(header: consecutive, payload: slice))
        }
        return frames
    }
}
