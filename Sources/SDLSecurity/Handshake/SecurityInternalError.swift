import Foundation
public import SDLWire

/// A SendInternalError notification: either side tells the other a security operation failed (PS §5.1.1.4).
///
/// ```
/// query header: type 0x20 (notification) | id 0x000002 | sequence number | JSON size
/// JSON:         {"id": <code>, "text": "<name>"}
/// binary:       one byte, a copy of <code>
/// ```
///
/// ```swift
/// let query = SecurityInternalError(code: .invalidCertificate).query(sequenceNumber: 0)
/// let back = try SecurityInternalError(query)   // code .invalidCertificate, text "INVALID_CERT"
/// ```
public struct SecurityInternalError: Hashable, Sendable {
    public var code: SecurityErrorCode
    /// The `text` of the JSON; the code's name when CarWindow sends one.
    public var text: String?

    public init(code: SecurityErrorCode, text: String? = nil) {
        self.code = code
        self.text = text ?? code.name
    }

    /// Reads the notification. The JSON `id` wins when present; the binary byte is the fallback, since the spec
    /// calls it a copy.
    ///
    /// - Throws: ``SecurityError`` `.unexpectedQuery` if the query id is not SendInternalError, `.malformedQuery`
    ///   if neither the JSON nor the binary holds a code in 0...255.
    public init(_ query: SecurityQuery) throws(SecurityError) {
        guard query.queryID == .sendInternalError else {
            throw SecurityError(.unexpectedQuery(type: query.type, id: query.queryID))
        }
        let body = query.json.isEmpty ? nil : try? JSONDecoder().decode(Body.self, from: Data(query.json))
        if let id = body?.id, let byte = UInt8(exactly: id) {
            code = SecurityErrorCode(rawValue: byte)
        } else if let byte = query.binary.first {
            code = SecurityErrorCode(rawValue: byte)
        } else {
            throw SecurityError(.malformedQuery("internal error without a code in its JSON or binary"))
        }
        text = body?.text
    }

    /// The notification as a query, with JSON and the one-byte binary copy.
    public func query(sequenceNumber: UInt32) -> SecurityQuery {
        // Sorted keys make the bytes stable: {"id":10,"text":"INVALID_CERT"}.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(Body(id: Int(code.rawValue), text: text))) ?? Data()
        return SecurityQuery(
            type: .notification,
            queryID: .sendInternalError,
            sequenceNumber: sequenceNumber,
            json: Array(json),
            binary: [code.rawValue]
        )
    }

    private struct Body: Codable {
        var id: Int?
        var text: String?
    }
}
