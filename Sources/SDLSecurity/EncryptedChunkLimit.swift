public import SDLWire

/// How much plaintext goes into one encrypted frame (PS §2.3, §2.4.2; RFC 8446 §5.1).
///
/// Each Single or Consecutive frame of a protected service carries one TLS record of its own; First frames stay clear
/// and declare the plaintext total. A record holds at most 2^14 plaintext bytes, and the frame carries the record with
/// its header, MAC or tag, and padding, so the plaintext chunk must stay below both the record limit and the MTU.
///
/// ```swift
/// let chunk = EncryptedChunkLimit.plaintextChunkSize(for: .video, maximumFramePayload: mtu.maximumSendPayload(for: .video))
/// // 16_091 with the default 131 072-byte MTU
/// ```
public enum EncryptedChunkLimit {
    /// The most plaintext one TLS record carries: 2^14 bytes (RFC 5246 §6.2.1, RFC 8446 §5.1).
    public static let tlsRecordPlaintext = 16_384

    /// Plaintext bytes per encrypted RPC frame: 16 091 = 16 384 − 5 (record header) − 32 (MAC) − 256 (padding), the
    /// value of sdl_ios `TLSMaxRPCPayloadDataToEncryptSize` and sdl_java `TLS_MAX_DATA_TO_ENCRYPT_SIZE`
    /// (`SDLProtocol.m`, `SdlProtocolBase.java`).
    public static let rpc = 16_091

    /// Plaintext bytes per encrypted video or audio frame: 16 091, the same as ``rpc``.
    ///
    /// sdl_java uses 16 091 for its stream packetizers too. sdl_ios cuts raw streams at 16 834 (`TLSMaxDataSize` in
    /// `SDLProtocol.m`), which looks like a transposition of 16 384 and is above a record's plaintext limit, so
    /// CarWindow does not follow it. Keeping one value for every service also keeps each frame's ciphertext below
    /// 16 384 bytes, which head units that size their receive buffers for one record can take.
    public static let stream = 16_091

    /// The most bytes a record adds to its plaintext under the suites CarWindow allows, bounded as the
    /// derivation of ``rpc`` (sdl_ios, sdl_java) does: 5 (header) + 32 (MAC or explicit IV and tag) + 256 (padding)
    /// = 293. AEAD suites add 22 (TLS 1.3) or 29 (TLS 1.2) bytes in practice.
    public static let maximumRecordOverhead = 293

    /// The plaintext chunk for one encrypted frame of `service`: ``rpc`` or ``stream``, lowered when the frame's
    /// payload limit could not hold the resulting record (protocol versions 1 and 2, or a small negotiated `mtu`).
    ///
    /// - Parameters:
    ///   - service: the protected service.
    ///   - maximumFramePayload: the most payload bytes one outgoing frame may carry (`MTU.maximumSendPayload(for:)`).
    /// - Returns: at least 1.
    public static func plaintextChunkSize(for service: ServiceType, maximumFramePayload: Int) -> Int {
        let base = service == .rpc ? rpc : stream
        return max(1, min(base, maximumFramePayload - maximumRecordOverhead))
    }
}
