public import SDLRPC
public import SDLWire

/// Where the session is in its life. Closed set: these are our own states.
public enum ConnectionState: Hashable, Sendable {
    case idle
    case connecting
    /// RPC StartService sent, waiting for the ACK.
    case negotiating
    /// RegisterAppInterface sent.
    case registering
    /// Registered: RPCs and services may be used.
    case ready
    case stopping
    /// The session is over; `error` says why when it did not end by ``SDLSession/stop()``.
    case closed(error: SDLSessionError?)
}

/// An RPC notification as it arrived: its function id and JSON, decodable into the typed model.
///
/// ```swift
/// for await notification in await session.notifications() where notification.functionID == .onTouchEvent {
///     let touch = try notification.decode(OnTouchEvent.self)
/// }
/// ```
public struct RPCNotificationMessage: Hashable, Sendable {
    public var functionID: FunctionID
    public var json: [UInt8]
    /// Bulk data after the JSON (service 0x0F), usually empty.
    public var bulkData: [UInt8]

    public init(functionID: FunctionID, json: [UInt8], bulkData: [UInt8] = []) {
        self.functionID = functionID
        self.json = json
        self.bulkData = bulkData
    }

    /// Decodes the typed model.
    ///
    /// - Throws: ``SDLSessionError`` `.rpcCoding` when the JSON does not fit, `.unexpectedFunctionID` when
    ///   `type` is another notification.
    public func decode<Notification: RPCNotification>(_ type: Notification.Type) throws(SDLSessionError) -> Notification
    {
        guard functionID == Notification.functionID else {
            throw SDLSessionError(.unexpectedFunctionID(expected: Notification.functionID, got: functionID))
        }
        do {
            return try RPCCoder().decode(type, from: json)
        } catch {
            throw SDLSessionError(.rpcCoding(error))
        }
    }
}

/// A started video or audio service: the head unit's ACK and whether it is protected.
public struct StartedService: Hashable, Sendable {
    public var service: ServiceType
    /// The ACK's payload: the service's MTU and, for video, the accepted size and format.
    public var ack: MediaStartServiceACK
    /// The ACK's E bit: the service runs encrypted.
    public var isEncrypted: Bool
    /// Why a service that asked for protection runs without it (the handshake failed, the head unit NAKed or
    /// acknowledged without the E bit) when ``AppConfiguration/Security/failurePolicy`` let it fall back; `nil`
    /// otherwise. Also logged at error level.
    public var protectionError: SDLSessionError?

    public init(
        service: ServiceType, ack: MediaStartServiceACK, isEncrypted: Bool, protectionError: SDLSessionError? = nil
    ) {
        self.service = service
        self.ack = ack
        self.isEncrypted = isEncrypted
        self.protectionError = protectionError
    }
}
