/// A WebSocket address: `ws://HOST:PORT[/PATH]` or `wss://...`. Where a head unit listens (SDL Core's WebEngine
/// server, port 2020 by default), where a cloud app listens for the head unit to dial in (its policy entry's
/// `endpoint`), or where the emulator dials a cloud app. In SDLWire, beside ``WebSocketFailure``, because both ends
/// use it: the app's transports and the emulator.
///
/// ```swift
/// let url = try WebSocketURL(parsing: "ws://127.0.0.1:2020")
/// url.host      // "127.0.0.1"
/// url.target    // "/"
/// ```
public struct WebSocketURL: Hashable, Sendable, CustomStringConvertible {
    /// `ws` (plain) or `wss` (TLS).
    public enum Scheme: String, Hashable, Sendable {
        case ws, wss
    }

    public var scheme: Scheme
    /// A name or an IPv4 address, or an IPv6 address without its brackets.
    public var host: String
    public var port: Int
    /// The request target of the upgrade: the path and query, `/` when the URL has none.
    public var target: String

    /// - Parameters:
    ///   - scheme: `.ws` or `.wss`.
    ///   - host: the head unit's address.
    ///   - port: 1...65535.
    ///   - target: the HTTP request target of the upgrade; `/` by default.
    public init(scheme: Scheme = .ws, host: String, port: Int, target: String = "/") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.target = target
    }

    /// Parses `ws://HOST:PORT[/PATH][?QUERY]` or the same with `wss://`; an IPv6 host goes in brackets. Without a
    /// port, `ws` means 80 and `wss` 443, as in any WebSocket URL.
    ///
    /// - Throws: ``WebSocketFailure/badURL(_:)``, whose text says what to write instead.
    public init(parsing text: String) throws(WebSocketFailure) {
        try self.init(parsing: text, ports: 1...65_535)
    }

    /// The same, for an address to listen on: port 0 (the kernel picks a free one) is allowed too.
    package init(listeningAt text: String) throws(WebSocketFailure) {
        try self.init(parsing: text, ports: 0...65_535)
    }

    private init(parsing text: String, ports: ClosedRange<Int>) throws(WebSocketFailure) {
        func bad(_ why: String) -> WebSocketFailure {
            .badURL("'\(text)' \(why); e.g. ws://127.0.0.1:2020")
        }
        guard let schemeEnd = text.firstRange(of: "://") else { throw bad("has no ws:// or wss://") }
        guard let scheme = Scheme(rawValue: text[..<schemeEnd.lowerBound].lowercased()) else {
            throw bad("is not a ws:// or wss:// URL")
        }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var target = String(rest.dropFirst(authority.count))
        guard !target.contains("#") else { throw bad("has a #fragment, which a WebSocket URL may not have") }
        if target.isEmpty { target = "/" } else if target.hasPrefix("?") { target = "/" + target }
        guard !authority.contains("@") else { throw bad("has a user name, which the head unit would not use") }
        let host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw bad("opens an IPv6 bracket and never closes it")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw bad("has something other than :PORT after the bracket") }
                portText = after.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw bad("has several colons: an IPv6 address goes in brackets") }
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { throw bad("needs a host without spaces") }
        var port = scheme == .ws ? 80 : 443
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(portText),
                ports.contains(number)
            else { throw bad("needs a port in \(ports.lowerBound)...65535") }
            port = number
        }
        self.init(scheme: scheme, host: String(host), port: port, target: target)
    }

    /// The URL as it would be written: `ws://HOST:PORT/PATH`, an IPv6 host in brackets.
    public var description: String {
        "\(scheme.rawValue)://\(bracketedHost):\(port)\(target == "/" ? "" : target)"
    }

    /// The `Host` header of the app's upgrade request: host and port.
    package var hostHeader: String {
        "\(bracketedHost):\(port)"
    }

    /// The host as a URL and a `Host` header write it: an IPv6 address in brackets.
    package var bracketedHost: String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// The same address with another port: the one a listener bound to port 0 got.
    package func with(port: Int) -> Self {
        Self(scheme: scheme, host: host, port: port, target: target)
    }
}
