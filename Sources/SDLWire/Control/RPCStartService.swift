/// The app's first frame: RPC StartService, with a version 1 header and, for protocol 5+, the highest protocol
/// version the app speaks (PS §4.2.2.2).
///
/// ```swift
/// let start = RPCStartService(protocolVersion: .supported)
/// ```
public struct RPCStartService: ControlPayload {
    public var protocolVersion: ProtocolVersion?

    public init(protocolVersion: ProtocolVersion? = nil) { self.protocolVersion = protocolVersion }

    public init(document: BSONDocument) throws(SDLWireError) {
        protocolVersion = try document.string("protocolVersion").map { text throws(SDLWireError) in
            try ProtocolVersion(text)
        }
    }

    public var document: BSONDocument {
        var document = BSONDocument()
        if let protocolVersion { document["protocolVersion"] = .string(protocolVersion.description) }
        return document
    }
}
