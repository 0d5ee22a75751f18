import NIOCore
import SDLRPC
import SDLWire
import Testing

@testable import SDLSession

/// Which RPCs the session encrypts after the RPC upgrade, when it upgrades, and how ENCRYPTION_NEEDED comes back.
@Suite("RPC protection rules")
struct RPCProtectionRuleTests {
    static func item(_ name: String, _ requireEncryption: Bool?) -> PermissionItem {
        PermissionItem(
            rpcName: name, hmiPermissions: HMIPermissions(allowed: [.full], userDisallowed: []),
            parameterPermissions: ParameterPermissions(allowed: [], userDisallowed: []),
            requireEncryption: requireEncryption)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var appLevel: Bool?
        var item: Bool?
        var encrypts: Bool
        var upgrades: Bool
        var testDescription: String {
            "app \(appLevel.map(String.init) ?? "-"), item \(item.map(String.init) ?? "-")"
                + " -> encrypts \(encrypts), upgrades \(upgrades)"
        }
    }

    /// SDL Core: app-level AND function-group flag, an absent app-level flag counting as true (sdl_ios the same).
    static let cases: [Case] = [
        Case(appLevel: true, item: true, encrypts: true, upgrades: true),
        Case(appLevel: nil, item: true, encrypts: true, upgrades: true),
        Case(appLevel: false, item: true, encrypts: false, upgrades: false),
        Case(appLevel: true, item: nil, encrypts: false, upgrades: false),
        Case(appLevel: true, item: false, encrypts: false, upgrades: false),
        Case(appLevel: nil, item: nil, encrypts: false, upgrades: false),
    ]

    @Test("requireEncryption flags", arguments: cases)
    func flags(_ test: Case) {
        let permissions = OnPermissionsChange(
            permissionItem: [Self.item("SendHapticData", test.item), Self.item("GetSystemCapability", nil)],
            requireEncryption: test.appLevel)
        #expect(SDLSession.rpcRequiresEncryption(SendHapticData.functionID, in: permissions) == test.encrypts)
        #expect(!SDLSession.rpcRequiresEncryption(GetSystemCapability.functionID, in: permissions))
        #expect(SDLSession.asksForRPCProtection(permissions) == test.upgrades)
    }

    static func response(_ function: FunctionID, _ json: String) -> RPCPayload {
        RPCPayload(type: .response, functionID: function, correlationID: 7, json: Array(json.utf8))
    }

    static func isEncryptionNeeded(_ error: any Error, for request: FunctionID) -> Bool {
        guard let error = error as? SDLSessionError, case .encryptionNeeded(let function, let info) = error.kind else {
            return false
        }
        return function == request && info == "policy"
            && error.description.contains("\(request.name ?? "?") must be encrypted")
    }

    @Test("ENCRYPTION_NEEDED is a typed error, also when the rest of the response does not decode")
    func encryptionNeeded() {
        #expect {
            try SDLSession.decodeResponse(
                Self.response(
                    SendHapticData.functionID, #"{"success":false,"resultCode":"ENCRYPTION_NEEDED","info":"policy"}"#),
                for: SendHapticData.self)
        } throws: { Self.isEncryptionNeeded($0, for: SendHapticData.functionID) }
        // `systemCapability` of the wrong type: the typed response cannot decode, the result code still decides.
        #expect {
            try SDLSession.decodeResponse(
                Self.response(
                    GetSystemCapability.functionID,
                    #"{"success":false,"resultCode":"ENCRYPTION_NEEDED","info":"policy","systemCapability":1}"#),
                for: GetSystemCapability.self)
        } throws: { Self.isEncryptionNeeded($0, for: GetSystemCapability.functionID) }
        let success = try? SDLSession.decodeResponse(
            Self.response(SendHapticData.functionID, #"{"success":true,"resultCode":"SUCCESS"}"#),
            for: SendHapticData.self)
        #expect(success?.resultCode == .success)
    }
}
