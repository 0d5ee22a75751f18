/// Which RPCs must travel encrypted, and what the head unit does about one that does not: SDL Core's RPC protection
/// (SDL-0207, PS §7 table), as a pure value the session state machine asks.
///
/// Core decides per app and per RPC: an RPC requires encryption when the app's policy requires encryption (sent to
/// the app as OnPermissionsChange's `requireEncryption`) **and** a function group that holds the RPC does (the
/// `requireEncryption` of its PermissionItem). While the RPC service is not yet protected, a few RPCs are exempt
/// whatever the policy says, because an app cannot protect anything before them.
///
/// ```
///  request arrives      requires encryption?   answer
///  encrypted            (any)                  processed, response encrypted   (Core encrypts it "by force")
///  clear                yes                    <function> response ENCRYPTION_NEEDED, clear, not processed
///  clear                no                     processed, response clear
///
///  notification         requires encryption?   RPC service protected?   sent
///                       yes                    yes                      encrypted
///                       yes                    no                       not at all (withheld)
///                       no                     -                        clear
/// ```
struct RPCProtectionPolicy: Equatable, Sendable {
    /// The app-level flag: OnPermissionsChange's `requireEncryption`.
    var appRequiresEncryption: Bool
    /// The RPCs whose PermissionItem has `requireEncryption: true`.
    var encryptedRPCs: Set<String>

    /// The RPCs Core lets through in the clear while the RPC service is unprotected, whatever the policy says
    /// (Core's `rpc_encryption_exceptions`: an app must register, get its policy and files before it can protect).
    static let exemptUntilProtected: Set<String> = [
        "RegisterAppInterface", "SystemRequest", "OnSystemRequest", "OnPermissionsChange", "PutFile", "OnHMIStatus",
    ]

    init(appRequiresEncryption: Bool = false, encryptedRPCs: Set<String> = []) {
        self.appRequiresEncryption = appRequiresEncryption
        self.encryptedRPCs = encryptedRPCs
    }

    init(_ security: HeadUnitSecurity?) {
        self.init(
            appRequiresEncryption: security?.requireEncryptedRPCs ?? false,
            encryptedRPCs: security?.encryptedRPCs ?? [])
    }

    /// Whether `name` must be encrypted now.
    func requiresEncryption(_ name: String, rpcServiceProtected: Bool) -> Bool {
        guard appRequiresEncryption, encryptedRPCs.contains(name) else { return false }
        return rpcServiceProtected || !Self.exemptUntilProtected.contains(name)
    }

    enum RequestDecision: Equatable {
        /// Handle the request; its response goes out encrypted when `encrypted`.
        case answer(encrypted: Bool)
        /// Answer ENCRYPTION_NEEDED in the clear and do nothing else.
        case refuse
    }

    func request(_ name: String, arrivedEncrypted: Bool, rpcServiceProtected: Bool) -> RequestDecision {
        if arrivedEncrypted { return .answer(encrypted: true) }
        return requiresEncryption(name, rpcServiceProtected: rpcServiceProtected) ? .refuse : .answer(encrypted: false)
    }

    enum NotificationDecision: Equatable {
        case send(encrypted: Bool)
        /// Not sent: it requires encryption and the RPC service is not protected.
        case withhold
    }

    func notification(_ name: String, rpcServiceProtected: Bool) -> NotificationDecision {
        guard requiresEncryption(name, rpcServiceProtected: rpcServiceProtected) else { return .send(encrypted: false) }
        return rpcServiceProtected ? .send(encrypted: true) : .withhold
    }

    /// Core's OnPermissionsChange with this policy's flags: the app-level `requireEncryption` when set, and
    /// `requireEncryption: true` on each listed RPC's item (an item is added, allowed in every HMI level, for a listed
    /// RPC the template lacks).
    func permissionsChange(_ template: JSONValue) -> JSONValue {
        guard case .object(var fields) = template else { return template }
        if appRequiresEncryption { fields["requireEncryption"] = true }
        guard !encryptedRPCs.isEmpty else { return .object(fields) }
        var items = fields["permissionItem"]?.arrayValue ?? []
        var missing = encryptedRPCs
        for index in items.indices {
            guard case .object(var item) = items[index], let name = item["rpcName"]?.stringValue,
                encryptedRPCs.contains(name)
            else { continue }
            item["requireEncryption"] = true
            items[index] = .object(item)
            missing.remove(name)
        }
        for name in missing.sorted() {
            items.append([
                "rpcName": .string(name),
                "hmiPermissions": ["allowed": ["BACKGROUND", "FULL", "LIMITED", "NONE"], "userDisallowed": []],
                "parameterPermissions": ["allowed": [], "userDisallowed": []],
                "requireEncryption": true,
            ])
        }
        fields["permissionItem"] = .array(items)
        return .object(fields)
    }
}
