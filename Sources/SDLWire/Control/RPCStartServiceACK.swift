/// The head unit's answer to the RPC StartService (PS §3.1.3.1, §4.2.3): the negotiated version, the hash id the app
/// needs to end the session, the MTU, the secondary transports on offer and the vehicle.
///
/// Its ``document`` writes keys in the order SDL Core 8.2 does (every RPC StartServiceACK in
/// Tests/HeadUnitTests/Fixtures/traces), so an emulator that uses it sends Core's bytes.
///
/// ```swift
/// let ack = try RPCStartServiceACK(payload: frame.payload)
/// ack.mtu      // 131072
/// ```
public struct RPCStartServiceACK: ControlPayload {
    public var protocolVersion: ProtocolVersion?
    public var hashID: Int32?
    public var mtu: Int64?
    /// Secondary transport types the head unit allows (`TCP_WIFI`, `IAP_USB`, ...).
    public var secondaryTransports: [String]?
    /// Preferred transports for audio, in order: 1 = primary, 2 = secondary.
    public var audioServiceTransports: [Int32]?
    /// Preferred transports for video, in order: 1 = primary, 2 = secondary.
    public var videoServiceTransports: [Int32]?
    public var authToken: String?
    public var vehicle: VehicleInfo

    public init(
        protocolVersion: ProtocolVersion? = nil,
        hashID: Int32? = nil,
        mtu: Int64? = nil,
        secondaryTransports: [String]? = nil,
        audioServiceTransports: [Int32]? = nil,
        videoServiceTransports: [Int32]? = nil,
        authToken: String? = nil,
        vehicle: VehicleInfo = VehicleInfo()
    ) {
        self.protocolVersion = protocolVersion
        self.hashID = hashID
        self.mtu = mtu
        self.secondaryTransports = secondaryTransports
        self.audioServiceTransports = audioServiceTransports
        self.videoServiceTransports = videoServiceTransports
        self.authToken = authToken
        self.vehicle = vehicle
    }

    public init(document: BSONDocument) throws(SDLWireError) {
        protocolVersion = try document.string("protocolVersion").map { text throws(SDLWireError) in
            try ProtocolVersion(text)
        }
        hashID = try document.int32("hashId")
        mtu = try document.integer("mtu")
        secondaryTransports = try document.strings("secondaryTransports")
        audioServiceTransports = try document.int32s("audioServiceTransports")
        videoServiceTransports = try document.int32s("videoServiceTransports")
        authToken = try document.string("authToken")
        vehicle = VehicleInfo(
            make: try document.string("make"),
            model: try document.string("model"),
            modelYear: try document.string("modelYear"),
            trim: try document.string("trim"),
            systemSoftwareVersion: try document.string("systemSoftwareVersion"),
            systemHardwareVersion: try document.string("systemHardwareVersion")
        )
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let videoServiceTransports {
            d["videoServiceTransports"] = .array(videoServiceTransports.map { .int32($0) })
        }
        if let hashID { d["hashId"] = .int32(hashID) }
        if let model = vehicle.model { d["model"] = .string(model) }
        if let mtu { d["mtu"] = .int64(mtu) }
        if let modelYear = vehicle.modelYear { d["modelYear"] = .string(modelYear) }
        if let hw = vehicle.systemHardwareVersion { d["systemHardwareVersion"] = .string(hw) }
        if let make = vehicle.make { d["make"] = .string(make) }
        // Core's BSON library writes keys in the order of its hash table (32 entries, 65 buckets, the sum of the
        // key's bytes modulo 65): "authToken" falls in bucket 37, between "make" (24) and "secondaryTransports"
        // (41). The other keys' order is the traces'; this one is from that rule, as no trace has a cloud app.
        if let authToken { d["authToken"] = .string(authToken) }
        if let secondaryTransports { d["secondaryTransports"] = .array(secondaryTransports.map { .string($0) }) }
        if let sw = vehicle.systemSoftwareVersion { d["systemSoftwareVersion"] = .string(sw) }
        if let trim = vehicle.trim { d["trim"] = .string(trim) }
        if let audioServiceTransports {
            d["audioServiceTransports"] = .array(audioServiceTransports.map { .int32($0) })
        }
        if let protocolVersion { d["protocolVersion"] = .string(protocolVersion.description) }
        return d
    }
}

/// The vehicle a head unit reports in its RPC StartServiceACK (protocol 5.4).
public struct VehicleInfo: Hashable, Sendable {
    public var make: String?
    public var model: String?
    public var modelYear: String?
    public var trim: String?
    public var systemSoftwareVersion: String?
    public var systemHardwareVersion: String?

    public init(
        make: String? = nil,
        model: String? = nil,
        modelYear: String? = nil,
        trim: String? = nil,
        systemSoftwareVersion: String? = nil,
        systemHardwareVersion: String? = nil
    ) {
        self.make = make
        self.model = model
        self.modelYear = modelYear
        self.trim = trim
        self.systemSoftwareVersion = systemSoftwareVersion
        self.systemHardwareVersion = systemHardwareVersion
    }
}
