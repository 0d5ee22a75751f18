/// An EndService payload (PS §3.1.3): the RPC service's `hashId` closes the session. The spec gives audio and video
/// EndService no parameters; CarWindow sends them empty, as SDL Core 8.2 accepted in every trace.
public struct EndService: ControlPayload {
    public var hashID: Int32?

    public init(hashID: Int32? = nil) { self.hashID = hashID }

    public init(document: BSONDocument) throws(SDLWireError) {
        hashID = try document.int32("hashId")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let hashID { d["hashId"] = .int32(hashID) }
        return d
    }
}

/// The head unit's TransportEventUpdate (PS §3.1.3.5): where the secondary TCP transport listens. An empty address
/// means TCP is no longer available.
public struct TransportEventUpdate: ControlPayload {
    public var tcpIPAddress: String?
    public var tcpPort: Int32?

    public init(tcpIPAddress: String? = nil, tcpPort: Int32? = nil) {
        self.tcpIPAddress = tcpIPAddress
        self.tcpPort = tcpPort
    }

    public init(document: BSONDocument) throws(SDLWireError) {
        tcpIPAddress = try document.string("tcpIpAddress")
        tcpPort = try document.int32("tcpPort")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let tcpIPAddress { d["tcpIpAddress"] = .string(tcpIPAddress) }
        if let tcpPort { d["tcpPort"] = .int32(tcpPort) }
        return d
    }

    /// Whether the update withdraws the secondary transport.
    public var isWithdrawal: Bool { tcpIPAddress?.isEmpty ?? true }
}

/// RegisterSecondaryTransportNAK's payload (PS §3.1.3.6).
public struct RegisterSecondaryTransportNAK: ControlPayload {
    public var reason: String?

    public init(reason: String? = nil) { self.reason = reason }

    public init(document: BSONDocument) throws(SDLWireError) {
        reason = try document.string("reason")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let reason { d["reason"] = .string(reason) }
        return d
    }
}
