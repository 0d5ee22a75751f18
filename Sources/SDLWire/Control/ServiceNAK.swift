/// The payload of a StartServiceNAK or EndServiceNAK on any service (PS §3.1.3): the parameters the head unit
/// refused and, from 5.3, why.
///
/// ```swift
/// let nak = try ServiceNAK(payload: frame.payload)
/// if nak.rejectedParams?.contains("videoProtocol") == true { tryNextFormat() }
/// ```
public struct ServiceNAK: ControlPayload {
    public var rejectedParams: [String]?
    public var reason: String?

    public init(rejectedParams: [String]? = nil, reason: String? = nil) {
        self.rejectedParams = rejectedParams
        self.reason = reason
    }

    public init(document: BSONDocument) throws(SDLWireError) {
        rejectedParams = try document.strings("rejectedParams")
        reason = try document.string("reason")
    }

    public var document: BSONDocument {
        var d = BSONDocument()
        if let rejectedParams { d["rejectedParams"] = .array(rejectedParams.map { .string($0) }) }
        if let reason { d["reason"] = .string(reason) }
        return d
    }
}
