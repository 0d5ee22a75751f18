public import NIOCore

/// A whole SDL message: a control frame, a single frame, or a reassembled multi-frame message.
///
/// ```swift
/// let message = SDLMessage(version: 5, serviceType: .rpc, sessionID: 1, messageID: 3, payload: rpcBytes)
/// let frames = MessageFragmenter.frames(for: message, maximumPayload: 131_060)
/// ```
public struct SDLMessage: Sendable, Equatable, CustomStringConvertible {
    public var version: UInt8
    public var isEncrypted: Bool
    public var serviceType: ServiceType
    /// The control frame info for control messages, `nil` for data messages.
    public var controlFrameInfo: ControlFrameInfo?
    public var sessionID: UInt8
    public var messageID: UInt32
    public var payload: ByteBuffer

    public init(
        version: UInt8,
        isEncrypted: Bool = false,
        serviceType: ServiceType,
        controlFrameInfo: ControlFrameInfo? = nil,
        sessionID: UInt8,
        messageID: UInt32 = 0,
        payload: ByteBuffer = ByteBuffer()
    ) {
        self.version = version
        self.isEncrypted = isEncrypted
        self.serviceType = serviceType
        self.controlFrameInfo = controlFrameInfo
        self.sessionID = sessionID
        self.messageID = messageID
        self.payload = payload
    }

    /// The message a control or single frame carries as it is.
    public init(frame: SDLFrame) {
        self.init(
            version: frame.header.version,
            isEncrypted: frame.header.isEncrypted,
            serviceType: frame.header.serviceType,
            controlFrameInfo: frame.header.controlFrameInfo,
            sessionID: frame.header.sessionID,
            messageID: frame.header.messageID,
            payload: frame.payload
        )
    }

    public var description: String {
        var text = "SDLMessage(v\(version) \(serviceType)"
        if let controlFrameInfo { text += " \(controlFrameInfo)" }
        text += " session=\(sessionID) msg=\(messageID) \(payload.readableBytes) bytes"
        if isEncrypted { text += " encrypted" }
        return text + ")"
    }
}
