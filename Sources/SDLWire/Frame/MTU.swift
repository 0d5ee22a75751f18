/// Maximum transmission unit rules (PS §2.4).
///
/// The spec gives 1500 bytes including the header for versions 1 and 2, and 131 084 (131 072 of payload) for versions
/// 3-5, where a StartServiceACK may negotiate its own `mtu` per service (PS §2.4.2, §3.1.3). SDL Core sends `mtu`
/// 131072, its `MaximumPayloadSize`; implementations disagree on whether the value includes the header (sdl_ios's
/// `SDLGlobals` counts it, sdl_java's `SdlProtocolBase` does not).
/// CarWindow reads it as a payload limit when receiving and, to be safe with either reading, sends at most
/// `mtu - headerSize` payload bytes per frame.
///
/// ```swift
/// var mtu = MTU(version: 5)
/// mtu.set(131_072, for: .rpc)
/// mtu.maximumSendPayload(for: .video)   // 131_060: the RPC value applies to services without their own
/// ```
public struct MTU: Hashable, Sendable {
    /// Payload limit for protocol versions 1 and 2: 1500 bytes minus a 12-byte header (PS §2.4).
    public static let v1v2PayloadLimit = 1_488
    /// Payload limit for protocol versions 3-5 by default (PS §2.4.1).
    public static let v3PlusPayloadLimit = 131_072
    /// No negotiated value may raise a limit above this (1 MiB): a hostile `mtu` must not make us buffer more.
    public static let hardPayloadCap = 1 << 20

    /// The protocol major version in force.
    public var version: UInt8
    private var negotiated: [ServiceType: Int] = [:]

    public init(version: UInt8) { self.version = version }

    /// The default payload limit for a protocol version.
    public static func defaultPayloadLimit(forVersion version: UInt8) -> Int {
        version <= 2 ? v1v2PayloadLimit : v3PlusPayloadLimit
    }

    /// Records the `mtu` a StartServiceACK carried for `service`. Values below 64 or above the hard cap are clamped.
    public mutating func set(_ mtu: Int64, for service: ServiceType) {
        negotiated[service] = Int(max(64, min(mtu, Int64(Self.hardPayloadCap))))
    }

    /// Forgets a service's negotiated value (the service ended).
    public mutating func clear(_ service: ServiceType) { negotiated[service] = nil }

    /// The negotiated value for `service`, falling back to the RPC service's, then to the version default.
    public func negotiatedValue(for service: ServiceType) -> Int {
        negotiated[service] ?? negotiated[.rpc] ?? Self.defaultPayloadLimit(forVersion: version)
    }

    /// The most payload bytes one outgoing frame of `service` may carry.
    public func maximumSendPayload(for service: ServiceType) -> Int {
        max(1, negotiatedValue(for: service) - FrameHeader.size(forVersion: version))
    }

    /// The largest payload an incoming frame may announce before the decoder refuses it: the largest negotiated
    /// value or the version default, whichever is larger, never above the hard cap.
    public var maximumReceivePayload: Int {
        let largest = max(negotiated.values.max() ?? 0, Self.defaultPayloadLimit(forVersion: version))
        return min(largest, Self.hardPayloadCap)
    }
}
