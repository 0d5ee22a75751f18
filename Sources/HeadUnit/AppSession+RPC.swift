import NIOCore
import SDLRPC
import SDLWire

extension AppSession {
    struct IncomingRPC {
        var type: RPCMessageType
        var function: FunctionID
        var correlationID: UInt32
        var body: JSONValue
        /// It came on the protected RPC service with E = 1; Core answers such a request encrypted.
        var arrivedEncrypted = false
    }

    /// Reads the app's RPC in either form (binary header for protocol 2+, the JSON envelope for protocol 1).
    private func decodeRPC(_ message: SDLMessage) throws(HeadUnitError) -> IncomingRPC {
        if message.version == 1 {
            let bytes = Array(message.payload.readableBytesView)
            let envelope: RPCEnvelopeV1
            do {
                envelope = try RPCEnvelopeV1(decoding: bytes)
            } catch {
                throw HeadUnitError(.invalidRPC(error.description), app: app)
            }
            let function = Self.functionID(named: envelope.name)
            return IncomingRPC(
                type: envelope.type,
                function: function,
                correlationID: UInt32(clamping: envelope.correlationID ?? 0),
                body: try JSONValue(parsing: envelope.parameters)
            )
        }
        let payload: RPCPayload
        do {
            payload = try RPCPayload(decoding: message.payload)
        } catch {
            throw HeadUnitError(.invalidRPC(error.description), app: app)
        }
        let body = payload.json.isEmpty ? JSONValue.object([:]) : try JSONValue(parsing: payload.json)
        guard body.objectValue != nil else { throw HeadUnitError(.invalidRPC("JSON is not an object"), app: app) }
        return IncomingRPC(
            type: payload.type, function: payload.functionID, correlationID: payload.correlationID, body: body)
    }

    private static func functionID(named name: String) -> FunctionID {
        switch name {
        case "RegisterAppInterface": CoreRPC.registerAppInterface
        case "UnregisterAppInterface": CoreRPC.unregisterAppInterface
        case "GetSystemCapability": CoreRPC.getSystemCapability
        case "SendHapticData": CoreRPC.sendHapticData
        case "OnAppCapabilityUpdated": CoreRPC.onAppCapabilityUpdated
        case "SubscribeVehicleData": CoreRPC.subscribeVehicleData
        case "GetVehicleData": CoreRPC.getVehicleData
        case "SetGlobalProperties": CoreRPC.setGlobalProperties
        case "PerformInteraction": CoreRPC.performInteraction
        case "SubscribeButton": CoreRPC.subscribeButton
        case "UnsubscribeButton": CoreRPC.unsubscribeButton
        default: FunctionID(rawValue: 0x0FFF_FFFF)
        }
    }

    mutating func receiveRPC(_ message: SDLMessage) -> [SessionAction] {
        var incoming: IncomingRPC
        do {
            incoming = try decodeRPC(message)
        } catch {
            // Core answers an RPC it cannot parse with GenericResponse INVALID_DATA.
            // A message that does not decode as a whole still names its request where it can: a binary header in
            // its second word (a JSON size past the end), a protocol 1 envelope in its JSON (parameters that are
            // not an object). Answering under 0 would leave the app waiting for an answer that came. A protocol 1
            // message has no binary header: reading one would make an id of whatever bytes its JSON began with.
            let payload = message.payload
            let correlation =
                message.version == 1
                ? RPCEnvelopeV1.correlationID(in: Array(payload.readableBytesView)).map { UInt32(clamping: $0) } ?? 0
                : payload.getInteger(at: payload.readerIndex + 4, endianness: .big, as: UInt32.self) ?? 0
            let response = rpc(
                .response, CoreRPC.genericResponse, correlationID: correlation, CoreRPC.response("INVALID_DATA"))
            return [
                message.isEncrypted ? .sendEncrypted(response) : .send(response),
                .emit(.error(HeadUnitError(error.kind, app: app))),
            ]
        }
        incoming.arrivedEncrypted = message.isEncrypted
        switch incoming.type {
        case .request:
            let name = FunctionNames.name(incoming.function)
            let decision = rpcProtection.request(
                name, arrivedEncrypted: message.isEncrypted, rpcServiceProtected: protectedServices.contains(.rpc))
            guard registration == nil || decision != .refuse else {
                // Core's RPC protection: not processed; the request's own response, in the clear (SDL-0207).
                return [
                    respond(incoming, CoreRPC.response("ENCRYPTION_NEEDED")),
                    .emit(.encryptionNeeded(app, request: name)),
                ]
            }
            return receiveRequest(incoming)
        case .notification: return receiveNotification(incoming)
        default:
            // The emulator sends no requests, so a response from the app answers nothing.
            let name = FunctionNames.name(incoming.function)
            return [.emit(.error(HeadUnitError(.invalidRPC("unexpected \(incoming.type) \(name)"), app: app)))]
        }
    }

    /// The response to `rpc`: encrypted when the request was (Core answers an encrypted request encrypted).
    mutating func respond(_ rpc: IncomingRPC, _ body: JSONValue, function: FunctionID? = nil)
        -> SessionAction
    {
        let frame = self.rpc(.response, function ?? rpc.function, correlationID: rpc.correlationID, body)
        return rpc.arrivedEncrypted ? .sendEncrypted(frame) : .send(frame)
    }

    private mutating func receiveRequest(_ rpc: IncomingRPC) -> [SessionAction] {
        if rpc.function != CoreRPC.registerAppInterface, registration == nil {
            return [respond(rpc, CoreRPC.response("APPLICATION_NOT_REGISTERED"))]
        }
        switch rpc.function {
        case CoreRPC.registerAppInterface: return register(rpc)
        case CoreRPC.unregisterAppInterface:
            var actions = teardown(unexpected: false)
            actions.insert(respond(rpc, CoreRPC.response("SUCCESS")), at: 0)
            return actions
        case CoreRPC.getSystemCapability: return getSystemCapability(rpc)
        case CoreRPC.sendHapticData: return sendHapticData(rpc)
        case CoreRPC.subscribeVehicleData: return [respond(rpc, vehicleDataRequest(rpc, subscribe: true))]
        case CoreRPC.getVehicleData: return [respond(rpc, vehicleDataRequest(rpc, subscribe: false))]
        case CoreRPC.setGlobalProperties: return [respond(rpc, setGlobalProperties(rpc))]
        case CoreRPC.performInteraction: return performInteraction(rpc)
        case CoreRPC.subscribeButton: return buttonRequest(rpc, subscribe: true)
        case CoreRPC.unsubscribeButton: return buttonRequest(rpc, subscribe: false)
        default:
            if FunctionNames.isKnown(rpc.function) {
                // Core would hand it to an HMI the emulator does not have.
                return [
                    respond(
                        rpc,
                        CoreRPC.response(
                            "UNSUPPORTED_REQUEST", info: "Not supported by the CarWindow head-unit emulator"))
                ]
            }
            return [respond(rpc, CoreRPC.response("INVALID_DATA"), function: CoreRPC.genericResponse)]
        }
    }

    private mutating func register(_ rpc: IncomingRPC) -> [SessionAction] {
        guard registration == nil else { return [respond(rpc, CoreRPC.response("APPLICATION_REGISTERED_ALREADY"))] }
        let body = rpc.body
        for (name, isValid) in CoreRPC.registerMandatory {
            guard let value = body[name], isValid(value) else {
                return [
                    respond(rpc, CoreRPC.response("INVALID_DATA", info: "Invalid or missing parameter: \(name)")),
                    .emit(.error(HeadUnitError(.invalidRPC("RegisterAppInterface without a valid \(name)"), app: app))),
                ]
            }
        }
        var types: [String] = []
        if let value = body["appHMIType"] {
            guard let array = value.arrayValue, array.count <= 100, array.allSatisfy({ $0.stringValue != nil }) else {
                return [respond(rpc, CoreRPC.response("INVALID_DATA", info: "Invalid parameter: appHMIType"))]
            }
            types = array.compactMap(\.stringValue)
        }
        let appID = body["appID"]?.stringValue ?? ""
        let registration = Registration(
            appName: body["appName"]?.stringValue ?? "",
            appID: appID,
            policyAppID: body["fullAppID"]?.stringValue ?? appID,
            hmiTypes: types,
            isMedia: body["isMediaApplication"]?.boolValue ?? false
        )
        // Core refuses, on a cloud app's connection, any app but the one its policy entry names (the connection
        // stays open, the app unregistered).
        if let cloudApp, registration.policyAppID != cloudApp.policyAppID {
            return [
                respond(rpc, CoreRPC.response("DISALLOWED", info: "Cloud app registered with incorrect app id")),
                .emit(
                    .error(
                        HeadUnitError(
                            .invalidRPC(
                                "cloud app \(cloudApp.policyAppID) registered as \(registration.policyAppID)"),
                            app: app))),
            ]
        }
        self.registration = registration
        status = HMIStatus.core(level: .none, navigation: registration.navigation, media: registration.isMedia)
        var response = CoreRPC.registerResponse(configuration: configuration)
        // Resumption: a hashID this head unit handed out resumes; any other still registers, with RESUME_FAILED.
        if let hashID = body["hashID"]?.stringValue, resumptionHashes[registration.policyAppID] != hashID {
            response["resultCode"] = "RESUME_FAILED"
            response["info"] = "Hash from RAI does not match to saved resume data."
        }
        var actions: [SessionAction] = [
            respond(rpc, response),
            .emit(.appRegistered(app, appName: registration.appName, appHMITypes: types)),
        ]
        actions += notify(CoreRPC.onHMIStatus, status.json)
        actions.append(.emit(.hmiChanged(app, status)))
        actions += notify(CoreRPC.onPermissionsChange, permissionsChange)
        actions += notify(CoreRPC.onSystemRequest, CoreRPC.systemRequestLockScreen())
        actions += notify(CoreRPC.onDriverDistraction, CoreRPC.driverDistractionOff())
        // A cloud app connected because the driver activated it: Core completes that activation once it registered.
        if let delay = configuration.activationDelay ?? (cloudApp == nil ? nil : .zero) {
            actions.append(.schedule(.activation, after: delay))
        }
        return actions
    }

    private mutating func getSystemCapability(_ rpc: IncomingRPC) -> [SessionAction] {
        guard let type = rpc.body["systemCapabilityType"]?.stringValue else {
            return [
                respond(
                    rpc, CoreRPC.response("INVALID_DATA", info: "Invalid or missing parameter: systemCapabilityType"))
            ]
        }
        guard type == "VIDEO_STREAMING" else {
            return [respond(rpc, CoreRPC.response("DATA_NOT_AVAILABLE"))]
        }
        let subscribe = rpc.body["subscribe"]?.boolValue
        if let subscribe { subscribedToVideoCapability = subscribe }
        let capability = quirks.staleSystemCapability ? startupVideoCapability : configuration.video
        return [
            respond(
                rpc, CoreRPC.response("SUCCESS", extra: ["systemCapability": CoreRPC.videoCapabilityBody(capability)])),
            .emit(.capabilityRequested(app, subscribed: subscribe ?? false)),
        ]
    }

    private mutating func sendHapticData(_ rpc: IncomingRPC) -> [SessionAction] {
        var rects: [HapticRect] = []
        if let value = rpc.body["hapticRectData"] {
            guard let array = value.arrayValue, array.count <= 1000 else {
                return [respond(rpc, CoreRPC.response("INVALID_DATA", info: "Invalid parameter: hapticRectData"))]
            }
            for item in array {
                guard let id = item["id"]?.intValue, let rect = item["rect"], let x = rect["x"]?.doubleValue,
                    let y = rect["y"]?.doubleValue, let width = rect["width"]?.doubleValue,
                    let height = rect["height"]?.doubleValue
                else {
                    return [respond(rpc, CoreRPC.response("INVALID_DATA", info: "Invalid parameter: hapticRectData"))]
                }
                rects.append(HapticRect(id: Int(id), x: x, y: y, width: width, height: height))
            }
        }
        hapticRects = rects
        return [.emit(.hapticRects(app, rects)), respond(rpc, CoreRPC.response("SUCCESS"))]
    }

    private mutating func receiveNotification(_ rpc: IncomingRPC) -> [SessionAction] {
        switch rpc.function {
        case CoreRPC.onAppCapabilityUpdated:
            let dropped = quirks.dropAppCapabilityInNONE && status.hmiLevel == .none
            return [.emit(.appCapabilityUpdated(app, dropped: dropped))]
        default:
            return []
        }
    }
}

extension AppSession {
    /// Core's OnPermissionsChange, with the vehicle data items when the policy grants `headLampStatus` and the
    /// `requireEncryption` flags of the head unit's RPC protection.
    var permissionsChange: JSONValue {
        rpcProtection.permissionsChange(configuration.lights.permissionsChange(CoreRPC.permissionsChange()))
    }
}
