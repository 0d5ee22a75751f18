public import SDLWire

/// A cloud app the emulated policy table lists: an `app_policies` entry with an `endpoint`, as a car maker adds one
/// to SDL Core's (docs/transports.md). The head unit dials the endpoint when the driver activates the app
/// (``HeadUnitEmulator/activateCloudApp(_:)``), and hands the app its ``authToken`` in the RPC StartServiceACK.
///
/// ```swift
/// var configuration = HeadUnitConfiguration(port: 0)
/// configuration.cloudApps = [try CloudApp(parsing: "swiftsdl-nav=ws://127.0.0.1:8080,auth=fleet-7")]
/// ```
public struct CloudApp: Hashable, Sendable, CustomStringConvertible {
    /// The policy app id: the app must register with it (`fullAppID`, or `appID` without one); Core refuses any
    /// other on this connection with DISALLOWED.
    public var policyAppID: String
    /// `ws://HOST:PORT[/PATH]` or `wss://...`, the port spelled out (Core's pattern requires it).
    public var endpoint: WebSocketURL
    /// The policy entry's `auth_token`, sent in the RPC StartServiceACK (protocol 5.2 and newer); `nil` sends none.
    public var authToken: String?
    /// For `wss://`: the PEM file of the CA the app's certificate must chain to (the entry's `certificate`). Core
    /// checks the chain, not the name in it, and shows no certificate of its own.
    public var certificateAuthority: String?

    public init(
        policyAppID: String, endpoint: WebSocketURL, authToken: String? = nil, certificateAuthority: String? = nil
    ) {
        self.policyAppID = policyAppID
        self.endpoint = endpoint
        self.authToken = authToken
        self.certificateAuthority = certificateAuthority
    }

    /// Parses `ID=ws://HOST:PORT[/PATH][,auth=TOKEN][,ca=FILE]` (`carwindow headunit --cloud-app`).
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl`, saying what to write instead.
    public init(parsing text: String) throws(HeadUnitError) {
        func bad(_ why: String) -> HeadUnitError {
            HeadUnitError(
                .invalidControl("cloud app '\(text)': \(why); e.g. swiftsdl-nav=ws://127.0.0.1:8080,auth=TOKEN"))
        }
        guard let equals = text.firstIndex(of: "=") else { throw bad("no ID= before the endpoint") }
        let id = String(text[..<equals])
        guard !id.isEmpty, !id.contains(where: { $0.isWhitespace || $0 == "," }) else {
            throw bad("the app id is empty or has spaces")
        }
        var parts = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { throw bad("no endpoint") }
        let endpointText = String(parts.removeFirst())
        let endpoint: WebSocketURL
        do {
            endpoint = try WebSocketURL(parsing: endpointText)
        } catch {
            throw bad("\(error)")
        }
        // Core matches endpoints against a pattern whose port is required: a URL without one is no cloud app there.
        let authority = endpointText.split(separator: "://", maxSplits: 1).last?.prefix { $0 != "/" && $0 != "?" }
        guard let authority, let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") else {
            throw bad("the endpoint needs its port, as SDL Core requires")
        }
        var token: String?
        var caFile: String?
        for part in parts {
            if part.hasPrefix("auth=") {
                token = String(part.dropFirst(5))
            } else if part.hasPrefix("ca=") {
                caFile = String(part.dropFirst(3))
            } else {
                throw bad("'\(part)' is neither auth=TOKEN nor ca=FILE")
            }
        }
        if endpoint.scheme == .wss, caFile == nil {
            throw bad("a wss:// endpoint needs ca=FILE, the CA its certificate chains to (Core trusts only that one)")
        }
        self.init(policyAppID: id, endpoint: endpoint, authToken: token, certificateAuthority: caFile)
    }

    /// `ID=ENDPOINT`, with `auth=...` when there is a token (never its value) and the CA file.
    public var description: String {
        "\(policyAppID)=\(endpoint)" + (authToken == nil ? "" : ",auth=...")
            + (certificateAuthority.map { ",ca=\($0)" } ?? "")
    }
}

/// Where the emulator is with one cloud app (Core's `CloudConnectionStatus`, with the attempt).
public enum CloudAppStatus: Hashable, Sendable, CustomStringConvertible {
    /// Listed, not connected: activating it dials.
    case notConnected
    /// Dialing: attempt 1 is the first, each later one a retry after `HeadUnitConfiguration.cloudAppRetryTimeout`.
    case dialing(attempt: Int)
    /// Connected, served as the app with this number.
    case connected(AppID)
    /// Every attempt failed (1 plus `HeadUnitConfiguration.cloudAppMaxRetryAttempts`); the last failure says why.
    /// Back to not connected: activating it dials again.
    case unreachable(attempts: Int, reason: String)

    public var description: String {
        switch self {
        case .notConnected: "not connected"
        case .dialing(let attempt): attempt == 1 ? "dialing" : "dialing (retry \(attempt - 1))"
        case .connected(let app): "connected as \(app)"
        case .unreachable(let attempts, let reason): "unreachable after \(attempts) attempts: \(reason)"
        }
    }
}

/// One cloud app as ``HeadUnitEmulator/cloudApps()`` reports it.
public struct CloudAppSnapshot: Hashable, Sendable {
    public var app: CloudApp
    public var status: CloudAppStatus
}
