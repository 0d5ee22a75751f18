public import NIOCore

/// The header in front of every SDL frame (PS §2.1-§2.3).
///
/// ```
///  byte 0          1              2             3            4..7        8..11 (v2+ only)
/// +-------+-+---+--------------+------------+------------+-----------+------------+
/// |version|E|typ| service type | frame info | session id | data size | message id |
/// +-------+-+---+--------------+------------+------------+-----------+------------+
///   4 bits 1 3                                              u32 BE      u32 BE
/// ```
///
/// Version 1 headers are 8 bytes and only carry the app's first RPC StartService; versions 2-5 are 12 bytes. On a v1
/// header the E bit is the compression flag; CarWindow never sets it.
///
/// ```swift
/// let header = FrameHeader(version: 5, frameType: .single, serviceType: .rpc, frameInfo: 0,
///                          sessionID: 1, dataSize: 42, messageID: 7)
/// var buffer = ByteBuffer()
/// header.write(to: &buffer)   // 12 bytes
/// ```
public struct FrameHeader: Hashable, Sendable, CustomStringConvertible {
    /// Size of a version 1 header (PS §2.1).
    public static let v1Size = 8
    /// Size of a version 2-5 header (PS §2.2).
    public static let v2Size = 12
    /// The highest protocol major version this library speaks (PS §2.3: 6-15 are reserved).
    public static let highestVersion: UInt8 = 5

    /// Protocol major version, 1-5.
    public var version: UInt8
    /// The E bit: payload encrypted (v2+), compression on v1. Never set on a First frame.
    public var isEncrypted: Bool
    public var frameType: FrameType
    public var serviceType: ServiceType
    /// Control frame info for control frames, 0 for single and first frames, the frame number for consecutive ones.
    public var frameInfo: UInt8
    public var sessionID: UInt8
    /// Payload bytes that follow the header (the ciphertext size for an encrypted frame).
    public var dataSize: UInt32
    /// Message id; absent in a version 1 header.
    public var messageID: UInt32

    public init(
        version: UInt8,
        isEncrypted: Bool = false,
        frameType: FrameType,
        serviceType: ServiceType,
        frameInfo: UInt8,
        sessionID: UInt8,
        dataSize: UInt32,
        messageID: UInt32 = 0
    ) {
        self.version = version
        self.isEncrypted = isEncrypted
        self.frameType = frameType
        self.serviceType = serviceType
        self.frameInfo = frameInfo
        self.sessionID = sessionID
        self.dataSize = dataSize
        self.messageID = messageID
    }

    /// 8 for a version 1 header, 12 otherwise.
    public var size: Int { Self.size(forVersion: version) }

    /// The header size a frame of `version` carries.
    public static func size(forVersion version: UInt8) -> Int { version == 1 ? v1Size : v2Size }

    /// The control frame info, when this is a control frame.
    public var controlFrameInfo: ControlFrameInfo? {
        frameType == .control ? ControlFrameInfo(rawValue: frameInfo) : nil
    }

    /// Writes the header, big-endian, to `buffer`. Returns the number of bytes written.
    @discardableResult
    public func write(to buffer: inout ByteBuffer) -> Int {
        let first = (version << 4) | (isEncrypted ? 0x08 : 0) | frameType.rawValue
        var written = buffer.writeInteger(first)
        written += buffer.writeInteger(serviceType.rawValue)
        written += buffer.writeInteger(frameInfo)
        written += buffer.writeInteger(sessionID)
        written += buffer.writeInteger(dataSize, endianness: .big)
        if version != 1 {
            written += buffer.writeInteger(messageID, endianness: .big)
        }
        return written
    }

    /// Reads a header at the reader index without consuming anything.
    ///
    /// - Returns: the header, or `nil` when not enough bytes are readable yet.
    /// - Throws: ``SDLWireError`` when the version or frame type is not one the spec defines. Those are checked on the
    ///   first byte, so garbage is refused before the rest of the header arrives.
    public static func peek(in buffer: ByteBuffer) throws(SDLWireError) -> FrameHeader? {
        guard let first: UInt8 = buffer.getInteger(at: buffer.readerIndex) else { return nil }
        let version = first >> 4
        guard version >= 1, version <= highestVersion else {
            throw SDLWireError(.unsupportedVersion(version))
        }
        let frameType = FrameType(rawValue: first & 0x07)
        guard frameType.isDefined else { throw SDLWireError(.reservedFrameType(frameType.rawValue)) }
        let size = Self.size(forVersion: version)
        guard buffer.readableBytes >= size,
            let service: UInt8 = buffer.getInteger(at: buffer.readerIndex + 1),
            let info: UInt8 = buffer.getInteger(at: buffer.readerIndex + 2),
            let session: UInt8 = buffer.getInteger(at: buffer.readerIndex + 3),
            let dataSize: UInt32 = buffer.getInteger(at: buffer.readerIndex + 4, endianness: .big)
        else { return nil }
        var messageID: UInt32 = 0
        if version != 1 {
            guard let id: UInt32 = buffer.getInteger(at: buffer.readerIndex + 8, endianness: .big) else { return nil }
            messageID = id
        }
        return FrameHeader(
            version: version,
            isEncrypted: first & 0x08 != 0,
            frameType: frameType,
            serviceType: ServiceType(rawValue: service),
            frameInfo: info,
            sessionID: session,
            dataSize: dataSize,
            messageID: messageID
        )
    }

    public var description: String {
        var text = "v\(version) \(frameType) \(serviceType)"
        if let control = controlFrameInfo { text += " \(control)" } else { text += " info=\(frameInfo)" }
        text += " session=\(sessionID) size=\(dataSize)"
        if version != 1 { text += " msg=\(messageID)" }
        if isEncrypted { text += " encrypted" }
        return text
    }
}
