public import SDLWire

/// What the head unit and the app agreed when the RPC service started (PS §4.2.3): the protocol version, the session
/// id, the hash id that ends the session, the MTU, the secondary transports on offer and the vehicle.
///
/// ```swift
/// try await session.start()
/// let parameters = try await session.parameters
/// print(parameters?.protocolVersion ?? "-", parameters?.vehicle.make ?? "-")   // 5.4.0 SDL
/// ```
public struct SessionParameters: Hashable, Sendable {
    /// min(ours, the head unit's): the BSON `protocolVersion` of the ACK, or its header version for v2-4 head units.
    public var protocolVersion: ProtocolVersion
    /// The header version our frames carry: the negotiated major version.
    public var headerVersion: UInt8
    /// The session id from the ACK's header; every later frame must carry it.
    public var sessionID: UInt8
    /// The hash id for the RPC EndService: BSON `hashId` (v5) or the raw 4-byte payload (v2-4).
    public var hashID: Int32?
    /// Negotiated MTUs per service.
    public var mtu: MTU
    /// Secondary transport types the head unit allows.
    public var secondaryTransports: [String]
    /// Preferred transports for audio, in order: 1 = primary, 2 = secondary.
    public var audioServiceTransports: [Int32]?
    /// Preferred transports for video, in order.
    public var videoServiceTransports: [Int32]?
    /// The vehicle, from protocol 5.4 head units.
    public var vehicle: VehicleInfo
    /// What a head unit that dialed a cloud app sends it (``CloudAuthToken``); `nil` on other links.
    public var authToken: CloudAuthToken?

    public init(
        protocolVersion: ProtocolVersion,
        headerVersion: UInt8,
        sessionID: UInt8,
        hashID: Int32? = nil,
        mtu: MTU,
        secondaryTransports: [String] = [],
        audioServiceTransports: [Int32]? = nil,
        videoServiceTransports: [Int32]? = nil,
        vehicle: VehicleInfo = VehicleInfo(),
        authToken: CloudAuthToken? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.headerVersion = headerVersion
        self.sessionID = sessionID
        self.hashID = hashID
        self.mtu = mtu
        self.secondaryTransports = secondaryTransports
        self.audioServiceTransports = audioServiceTransports
        self.videoServiceTransports = videoServiceTransports
        self.vehicle = vehicle
        self.authToken = authToken
    }
}
