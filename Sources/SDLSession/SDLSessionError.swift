public import SDLRPC
public import SDLSecurity
public import SDLWire

/// Every error the session layer raises: what went wrong, with the context that lets a log reader find where.
///
/// Peer and input problems (a NAK, a timeout, bytes that do not parse, a closed socket) throw this type; programmer
/// mistakes (calling `start()` twice) do too, as ``Kind/invalidState(_:)``, because they can happen across tasks.
///
/// ```swift
/// do {
///     try await session.start()
/// } catch let error as SDLSessionError {
///     if case .serviceRejected(_, let nak) = error.kind { print(nak.reason ?? "no reason") }
/// }
/// ```
public struct SDLSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The transport could not connect in time.
        case connectTimeout(String)
        /// The transport could not connect at all.
        case connectionFailed(String)
        /// The head unit closed the connection while the session still needed it.
        case connectionClosed
        /// The head unit sent part of a frame and then nothing for longer than the stall timeout.
        case peerStalled(partialBytes: Int)
        /// The bytes from the head unit do not follow the wire format.
        case wire(SDLWireError)
        /// An RPC's JSON could not be encoded or decoded.
        case rpcCoding(RPCCodingError)
        /// The head unit did not answer in time.
        case timeout(String)
        /// The head unit accepted the connection but did not answer the RPC StartService within
        /// ``AppConfiguration/Timeouts/protocolStart``: not an SDL head unit, or a stalled one.
        case protocolStartTimeout(Duration)
        /// The head unit started the RPC service but did not answer RegisterAppInterface within
        /// ``AppConfiguration/Timeouts/response``: its HMI is not up, or it stalled.
        case registrationTimeout(Duration)
        /// The connection went quiet and the head unit answered no Heartbeat (``AppConfiguration/Heartbeat``):
        /// nothing arrived for this long. A stalled head unit, as good as gone.
        case heartbeatUnanswered(Duration)
        /// A write waited this long while the head unit acknowledged none of the bytes already sent: it stopped
        /// reading (its socket open, its receive window shut). Caught with the Heartbeat off, from the kernel's own
        /// figures (``TCPTransport/Configuration/sendStallTimeout``).
        case linkStalled(Duration)
        /// The head unit ended the RPC service (EndService on service 7, PS §6.1): the whole session is over.
        case headUnitEndedSession
        /// Replies the session owes the head unit (control ACKs) could not be queued: the queue holds
        /// ``SDLSession/maximumQueuedReplies`` already, because the head unit asks faster than it reads.
        case outboundQueueFull(String)
        /// The head unit answered with a frame of another session.
        case unexpectedSessionID(expected: UInt8, got: UInt8)
        /// The head unit speaks a protocol version this library cannot (protocol 1 answers).
        case unsupportedProtocolVersion(String)
        /// StartServiceNAK for `service` (the RPC service when the session itself was refused).
        case serviceRejected(ServiceType, ServiceNAK)
        /// EndServiceNAK for `service`.
        case endServiceRejected(ServiceType, ServiceNAK)
        /// The head unit answered a request with GenericResponse: it did not understand the request.
        case genericResponse(request: FunctionID, resultCode: ResultCode, info: String?)
        /// A response arrived under the request's correlation id but for another function.
        case unexpectedFunctionID(expected: FunctionID, got: FunctionID)
        /// RegisterAppInterface was answered with `success == false`.
        case registrationFailed(resultCode: ResultCode, info: String?)
        /// A request the head unit refuses in the current HMI level was not sent.
        case notAllowedInHMILevel(function: FunctionID, level: HMILevel)
        /// The head unit unregistered the app (OnAppInterfaceUnregistered).
        case appUnregistered(AppInterfaceUnregisteredReason)
        /// The session is not in a state that allows the call (not started, already stopped, ...).
        case invalidState(String)
        /// A protected service could not be protected: the TLS handshake failed (wrong CA, expired certificate,
        /// garbage, a silent peer), the head unit acknowledged without the encryption bit (`.notProtected`), or a
        /// frame did not encrypt or decrypt. The SDL code travels in `SDLSecurity/SecurityError/code`.
        case security(SecurityError)
        /// The head unit answered `request` with ENCRYPTION_NEEDED: its policy requires the RPC to be encrypted
        /// (SDL-0207), and it arrived in the clear because the RPC service was not protected yet (see
        /// ``RPCProtectionStatus``) or the app has no ``AppConfiguration/security``. The context says which.
        case encryptionNeeded(request: FunctionID, info: String?)
        /// The secondary transport could not be used: it did not connect, the head unit refused its registration
        /// (RegisterSecondaryTransportNAK, with the reason), or it closed.
        case secondaryTransport(String)
        /// The WebSocket link failed in a way only WebSocket can: a refused upgrade, a bad URL, an oversized or
        /// text message, a protocol violation (``WebSocketTransport``).
        case webSocket(WebSocketFailure)
    }

    public var kind: Kind
    /// Extra context for logs: which frame, which request.
    public var context: String?

    public init(_ kind: Kind, context: String? = nil) {
        self.kind = kind
        self.context = context
    }

    public var description: String {
        let base: String
        switch kind {
        case .connectTimeout(let target): base = "connecting to \(target) timed out"
        case .connectionFailed(let why): base = "connection failed: \(why)"
        case .connectionClosed: base = "the head unit closed the connection"
        case .peerStalled(let bytes): base = "the head unit stalled with \(bytes) bytes of an incomplete frame"
        case .wire(let error): base = "wire format error: \(error)"
        case .rpcCoding(let error): base = "RPC coding error: \(error)"
        case .timeout(let what): base = "timed out waiting for \(what)"
        case .protocolStartTimeout(let after):
            base = "the head unit accepted the connection but did not answer the RPC StartService within \(after)"
        case .registrationTimeout(let after):
            base = "the head unit started the RPC service but did not answer RegisterAppInterface within \(after)"
        case .heartbeatUnanswered(let after):
            base = "the head unit sent nothing for \(after), not even an answer to a Heartbeat: it stalled"
        case .linkStalled(let after):
            base = "the head unit stopped reading: nothing it acknowledged for \(after) while a write waited"
        case .headUnitEndedSession: base = "the head unit ended the session (EndService on the RPC service)"
        case .outboundQueueFull(let what): base = "the outbound queue is full: \(what)"
        case .unexpectedSessionID(let expected, let got): base = "frame for session \(got), expected \(expected)"
        case .unsupportedProtocolVersion(let version): base = "unsupported protocol version \(version)"
        case .serviceRejected(let service, let nak): base = "StartService \(service) rejected: \(Self.describe(nak))"
        case .endServiceRejected(let service, let nak): base = "EndService \(service) rejected: \(Self.describe(nak))"
        case .genericResponse(let request, let code, let info):
            base = "GenericResponse \(code) to \(request.name ?? request.description)\(info.map { ": \($0)" } ?? "")"
        case .unexpectedFunctionID(let expected, let got):
            base = "response for \(got.name ?? got.description), expected \(expected.name ?? expected.description)"
        case .registrationFailed(let code, let info):
            base = "RegisterAppInterface failed: \(code)\(info.map { ": \($0)" } ?? "")"
        case .notAllowedInHMILevel(let function, let level):
            base = "\(function.name ?? function.description) is not allowed in HMI level \(level)"
        case .appUnregistered(let reason): base = "the head unit unregistered the app: \(reason)"
        case .invalidState(let why): base = "invalid state: \(why)"
        case .security(let error): base = "protection failed: \(error)"
        case .encryptionNeeded(let request, let info):
            base =
                "\(request.name ?? request.description) must be encrypted: the head unit answered ENCRYPTION_NEEDED"
                + (info.map { " (\($0))" } ?? "")
        case .secondaryTransport(let why): base = "secondary transport: \(why)"
        case .webSocket(let failure): base = "\(failure)"
        }
        if let context { return "\(base) (\(context))" }
        return base
    }

    private static func describe(_ nak: ServiceNAK) -> String {
        var parts: [String] = []
        if let reason = nak.reason { parts.append("reason '\(reason)'") }
        if let params = nak.rejectedParams { parts.append("rejected \(params)") }
        return parts.isEmpty ? "no reason given" : parts.joined(separator: ", ")
    }
}

extension SDLSessionError.Kind {
    var isEncryptionNeeded: Bool {
        if case .encryptionNeeded = self { return true }
        return false
    }
}
