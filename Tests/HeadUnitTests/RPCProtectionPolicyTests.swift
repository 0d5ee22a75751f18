import Testing

@testable import HeadUnit

/// SDL Core's RPC protection (SDL-0207) as the emulator applies it: which requests it refuses with ENCRYPTION_NEEDED,
/// which answers and notifications it encrypts or withholds, and the flags it puts in OnPermissionsChange.
@Suite("RPC protection policy")
struct RPCProtectionPolicyTests {
    static let policy = RPCProtectionPolicy(
        appRequiresEncryption: true, encryptedRPCs: ["SendHapticData", "OnTouchEvent", "PutFile", "OnHMIStatus"])

    struct RequestCase: Sendable, CustomTestStringConvertible {
        var policy: RPCProtectionPolicy
        var name: String
        var arrivedEncrypted: Bool
        var rpcServiceProtected: Bool
        var expected: RPCProtectionPolicy.RequestDecision
        var testDescription: String {
            let service = rpcServiceProtected ? "protected" : "clear"
            return "\(name) \(arrivedEncrypted ? "encrypted" : "clear"), service \(service) -> \(expected)"
        }
    }

    static let requests: [RequestCase] = [
        // Listed: refused in the clear, before and after the upgrade; answered encrypted when it came encrypted.
        RequestCase(
            policy: policy, name: "SendHapticData", arrivedEncrypted: false, rpcServiceProtected: false,
            expected: .refuse),
        RequestCase(
            policy: policy, name: "SendHapticData", arrivedEncrypted: false, rpcServiceProtected: true,
            expected: .refuse),
        RequestCase(
            policy: policy, name: "SendHapticData", arrivedEncrypted: true, rpcServiceProtected: true,
            expected: .answer(encrypted: true)),
        // Not listed: clear in, clear out; encrypted in, encrypted out (Core encrypts such a response "by force").
        RequestCase(
            policy: policy, name: "GetSystemCapability", arrivedEncrypted: false, rpcServiceProtected: true,
            expected: .answer(encrypted: false)),
        RequestCase(
            policy: policy, name: "GetSystemCapability", arrivedEncrypted: true, rpcServiceProtected: true,
            expected: .answer(encrypted: true)),
        // Core's exceptions pass in the clear only until the RPC service is protected.
        RequestCase(
            policy: policy, name: "PutFile", arrivedEncrypted: false, rpcServiceProtected: false,
            expected: .answer(encrypted: false)),
        RequestCase(
            policy: policy, name: "PutFile", arrivedEncrypted: false, rpcServiceProtected: true, expected: .refuse),
        // Without the app-level flag nothing is required (Core: app AND function group).
        RequestCase(
            policy: RPCProtectionPolicy(appRequiresEncryption: false, encryptedRPCs: ["SendHapticData"]),
            name: "SendHapticData", arrivedEncrypted: false, rpcServiceProtected: true,
            expected: .answer(encrypted: false)),
        // The app-level flag alone requires nothing either.
        RequestCase(
            policy: RPCProtectionPolicy(appRequiresEncryption: true), name: "SendHapticData",
            arrivedEncrypted: false, rpcServiceProtected: true, expected: .answer(encrypted: false)),
    ]

    @Test("requests", arguments: requests)
    func request(_ test: RequestCase) {
        #expect(
            test.policy.request(
                test.name, arrivedEncrypted: test.arrivedEncrypted, rpcServiceProtected: test.rpcServiceProtected)
                == test.expected)
    }

    struct NotificationCase: Sendable, CustomTestStringConvertible {
        var name: String
        var rpcServiceProtected: Bool
        var expected: RPCProtectionPolicy.NotificationDecision
        var testDescription: String {
            "\(name), service \(rpcServiceProtected ? "protected" : "clear") -> \(expected)"
        }
    }

    static let notifications: [NotificationCase] = [
        NotificationCase(name: "OnTouchEvent", rpcServiceProtected: false, expected: .withhold),
        NotificationCase(name: "OnTouchEvent", rpcServiceProtected: true, expected: .send(encrypted: true)),
        NotificationCase(name: "OnDriverDistraction", rpcServiceProtected: false, expected: .send(encrypted: false)),
        NotificationCase(name: "OnDriverDistraction", rpcServiceProtected: true, expected: .send(encrypted: false)),
        // OnHMIStatus is one of Core's exceptions: clear before the upgrade even when listed, encrypted after.
        NotificationCase(name: "OnHMIStatus", rpcServiceProtected: false, expected: .send(encrypted: false)),
        NotificationCase(name: "OnHMIStatus", rpcServiceProtected: true, expected: .send(encrypted: true)),
    ]

    @Test("notifications", arguments: notifications)
    func notification(_ test: NotificationCase) {
        #expect(Self.policy.notification(test.name, rpcServiceProtected: test.rpcServiceProtected) == test.expected)
    }

    @Test("OnPermissionsChange carries the app-level flag and each listed item's flag")
    func permissionsChange() throws {
        let template: JSONValue = [
            "permissionItem": [
                ["rpcName": "SendHapticData", "hmiPermissions": ["allowed": ["FULL"], "userDisallowed": []]],
                ["rpcName": "Show", "hmiPermissions": ["allowed": ["FULL"], "userDisallowed": []]],
            ]
        ]
        let policy = RPCProtectionPolicy(appRequiresEncryption: true, encryptedRPCs: ["SendHapticData", "Speak"])
        let body = policy.permissionsChange(template)
        #expect(body["requireEncryption"] == true)
        let items = try #require(body["permissionItem"]?.arrayValue)
        let flags = Dictionary(
            uniqueKeysWithValues: items.compactMap { item in
                item["rpcName"]?.stringValue.map { ($0, item["requireEncryption"]?.boolValue) }
            })
        #expect(flags == ["SendHapticData": true, "Show": nil, "Speak": true])
        // A listed RPC the template lacks gets a whole item, allowed in every level.
        let added = try #require(items.first { $0["rpcName"] == "Speak" })
        #expect(added["hmiPermissions"]?["allowed"]?.arrayValue?.count == 4)
        #expect(added["parameterPermissions"] != nil)
        // No protection configured: Core's template as it is.
        #expect(RPCProtectionPolicy(nil).permissionsChange(template) == template)
    }
}
