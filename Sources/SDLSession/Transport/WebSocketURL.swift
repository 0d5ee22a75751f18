import SDLWire

/// Where a WebSocket head unit listens: `ws://HOST:PORT[/PATH]` (SDL Core's WebEngine server, port 2020 by
/// default). `wss://` parses too, so a caller can say it is not supported rather than call it malformed.
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
    /// - Throws: ``SDLSessionError`` `.webSocket(.badURL)`, whose text says what to write instead.
    public init(parsing text: String) throws(SDLSessionError) {
        func bad(_ why: String) -> SDLSessionError {
            SDLSessionError(.webSocket(.badURL("'\(text)' \(why); e.g. ws://127.0.0.1:2020")))
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
                (1...65_535).contains(number)
            else { throw bad("needs a port in 1...65535") }
            port = number
        }
        self.init(scheme: scheme, host: String(host), port: port, target: target)
    }

    /// The URL as it would be written: `ws://HOST:PORT/PATH`, an IPv6 host in brackets.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(shownHost):\(port)\(target == "/" ? "" : target)"
    }

    /// The `Host` header of the upgrade request.
    var hostHeader: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(shownHost):\(port)"
    }
}
