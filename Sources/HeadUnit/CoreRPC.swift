package import SDLRPC
package import SDLWire

/// The RPCs the emulator reads and writes, with the JSON bodies Core sent.
///
/// Function ids come from `SDLRPC`. The bodies are built on ``JSONValue`` rather than SDLRPC's typed models: the
/// RegisterAppInterface response and OnPermissionsChange are Core's own JSON (``CoreTemplates``), and the app's
/// requests are validated the way Core validates them (a missing mandatory key or a wrong type is INVALID_DATA),
/// which a decoding failure of a typed model would blur. Moving a body to a typed model changes only this file.
package enum CoreRPC {
    package static let registerAppInterface = FunctionID.registerAppInterface
    package static let unregisterAppInterface = FunctionID.unregisterAppInterface
    package static let genericResponse = FunctionID.genericResponse
    package static let getSystemCapability = FunctionID.getSystemCapability
    package static let sendHapticData = FunctionID.sendHapticData
    static let onHMIStatus = FunctionID.onHMIStatus
    static let onAppInterfaceUnregistered = FunctionID.onAppInterfaceUnregistered
    static let onDriverDistraction = FunctionID.onDriverDistraction
    static let onHashChange = FunctionID.onHashChange
    static let onPermissionsChange = FunctionID.onPermissionsChange
    static let onTouchEvent = FunctionID.onTouchEvent
    static let onSystemRequest = FunctionID.onSystemRequest
    static let onSystemCapabilityUpdated = FunctionID.onSystemCapabilityUpdated
    package static let onAppCapabilityUpdated = FunctionID.onAppCapabilityUpdated
    package static let subscribeVehicleData = FunctionID.subscribeVehicleData
    package static let getVehicleData = FunctionID.getVehicleData
    static let onVehicleData = FunctionID.onVehicleData
    package static let setGlobalProperties = FunctionID.setGlobalProperties
    package static let performInteraction = FunctionID.performInteraction
    static let onKeyboardInput = FunctionID.onKeyboardInput
    static let subscribeButton = FunctionID.subscribeButton
    static let unsubscribeButton = FunctionID.unsubscribeButton
    static let onButtonEvent = FunctionID.onButtonEvent
    static let onButtonPress = FunctionID.onButtonPress

    /// The lock screen icon URL Core's stock configuration announces.
    static let lockScreenIconURL = "http://i.imgur.com/TgkvOIZ.png"
    static let lockScreenDismissalWarning = "Swipe down to dismiss, acknowledging that you are not the driver"
    /// Core 8.2's `sdlVersion`: the commit it was built from in the traces.
    static let sdlVersion = "7343fc72c12edc8ac42a62556c9e4b29c9408bc3"

    /// The mandatory RegisterAppInterface parameters (MOBILE_API.xml) and the JSON type each must have.
    static let registerMandatory: [(name: String, check: @Sendable (JSONValue) -> Bool)] = [
        ("syncMsgVersion", { $0["majorVersion"]?.intValue != nil && $0["minorVersion"]?.intValue != nil }),
        ("appName", { ($0.stringValue?.count ?? 0) >= 1 && ($0.stringValue?.count ?? 0) <= 100 }),
        ("isMediaApplication", { $0.boolValue != nil }),
        ("languageDesired", { $0.stringValue != nil }),
        ("hmiDisplayLanguageDesired", { $0.stringValue != nil }),
        ("appID", { ($0.stringValue?.count ?? 0) >= 1 && ($0.stringValue?.count ?? 0) <= 100 }),
    ]

    /// A response body: `success` and `resultCode`, plus `info` when given, plus extra keys.
    static func response(_ resultCode: String, info: String? = nil, extra: [String: JSONValue] = [:]) -> JSONValue {
        var object = extra
        object["resultCode"] = .string(resultCode)
        object["success"] = .bool(resultCode == "SUCCESS" || resultCode == "WARNINGS")
        if let info { object["info"] = .string(info) }
        return .object(object)
    }

    /// The RegisterAppInterface response: Core's template with the configuration's values patched in.
    static func registerResponse(configuration: HeadUnitConfiguration) -> JSONValue {
        var body = registerTemplate
        let vehicle = configuration.vehicle
        body["vehicleType"] = [
            "make": .string(vehicle.make ?? ""), "model": .string(vehicle.model ?? ""),
            "modelYear": .string(vehicle.modelYear ?? ""), "trim": .string(vehicle.trim ?? ""),
        ]
        if let software = vehicle.systemSoftwareVersion { body["systemSoftwareVersion"] = .string(software) }
        if var display = body["displayCapabilities"], var screen = display["screenParams"] {
            screen["resolution"] = configuration.video.preferredResolution.json
            if !configuration.touchScreen {
                screen["touchEventAvailable"] = [
                    "pressAvailable": false, "multiTouchAvailable": false, "doublePressAvailable": false,
                ]
            }
            display["screenParams"] = screen
            body["displayCapabilities"] = display
        }
        // Core lists what the HMI's Buttons.GetCapabilities reported, each with every kind of press.
        body["buttonCapabilities"] = .array(
            configuration.buttons.map { name in
                [
                    "name": .string(name.rawValue), "shortPressAvailable": true, "longPressAvailable": true,
                    "upDownAvailable": true,
                ]
            })
        return body
    }

    /// Parsed once: the templates are constants, and every app registers.
    private static let registerTemplate =
        (try? JSONValue(parsing: Array(CoreTemplates.registerAppInterfaceResponse.utf8))) ?? response("SUCCESS")
    private static let permissionsTemplate =
        (try? JSONValue(parsing: Array(CoreTemplates.permissionsChange.utf8))) ?? ["permissionItem": []]

    static func permissionsChange() -> JSONValue { permissionsTemplate }

    static func systemRequestLockScreen() -> JSONValue {
        ["requestType": "LOCK_SCREEN_ICON_URL", "url": .string(lockScreenIconURL)]
    }

    static func driverDistractionOff() -> JSONValue {
        [
            "state": "DD_OFF", "lockScreenDismissalEnabled": true,
            "lockScreenDismissalWarning": .string(lockScreenDismissalWarning),
        ]
    }

    static func videoCapabilityBody(_ capability: VideoCapability) -> JSONValue {
        ["systemCapabilityType": "VIDEO_STREAMING", "videoStreamingCapability": capability.json]
    }
}
