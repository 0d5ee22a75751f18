import ArgumentParser
import Logging
import ProjectionHosting
import SDLSession
import SDLWire

/// An address to reach, `HOST:PORT` over TCP (a name or IPv4 address, or an IPv6 address in brackets), or
/// `ws://HOST:PORT[/PATH]` over WebSocket (SDL Core's WebEngine server), or `wss://...` over WebSocket with TLS.
///
/// ```swift
/// let core = try Endpoint(parsing: "[::1]:12345")
/// core.host          // "::1"
/// core.description   // "[::1]:12345"
/// let web = try Endpoint(parsing: "ws://127.0.0.1:2020")
/// web.transport      // a WebSocket transport to ws://127.0.0.1:2020
/// ```
struct Endpoint: Hashable, Sendable, CustomStringConvertible, ExpressibleByArgument {
    var host: String
    var port: Int
    /// The WebSocket upgrade's request target when the address is a `ws://` URL; `nil` for TCP.
    var webSocketTarget: String?
    /// `wss` for a `wss://` URL (TLS, with ``tls``).
    var webSocketScheme = WebSocketURL.Scheme.ws
    /// The CA, certificate and key a `wss://` link uses (`--websocket-ca`, `--websocket-certificate`,
    /// `--websocket-key`).
    var tls = WebSocketTLSFiles()
    /// `--listen`: the app listens at this WebSocket address and the head unit dials it (a cloud app).
    var listens = false

    init(host: String, port: Int, webSocketTarget: String? = nil) {
        self.host = host
        self.port = port
        self.webSocketTarget = webSocketTarget
    }

    /// Parses `HOST:PORT`, `[IPV6]:PORT` or `ws://HOST:PORT[/PATH]`; the port must be 1...65535 (an address to
    /// connect to), or 0...65535 with `listening` (`--listen`: 0 picks a free port).
    init(parsing text: String, listening: Bool = false) throws(EndpointError) {
        if text.contains("://") {
            let url: WebSocketURL
            do {
                url = listening ? try WebSocketURL(listeningAt: text) : try WebSocketURL(parsing: text)
            } catch {
                guard case .badURL(let why) = error else { throw EndpointError("\(error)") }
                throw EndpointError(why)
            }
            // As SDL Core's cloud endpoints: the port is spelled out, never implied by the scheme.
            let authority = text.split(separator: "://", maxSplits: 1).last?.prefix { $0 != "/" && $0 != "?" } ?? ""
            guard let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") else {
                throw EndpointError("'\(text)' needs a port; give ws://HOST:PORT, e.g. ws://127.0.0.1:2020")
            }
            self.init(host: url.host, port: url.port, webSocketTarget: url.target)
            webSocketScheme = url.scheme
            return
        }
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw EndpointError("'\(text)' opens an IPv6 bracket and never closes it; e.g. [::1]:12345")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.first == ":" else {
                throw EndpointError("'\(text)' has no :PORT after the bracket; e.g. [::1]:12345")
            }
            portText = rest.dropFirst()
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            switch parts.count {
            case 1: throw EndpointError("'\(text)' has no port; give HOST:PORT, e.g. 127.0.0.1:12345")
            case 2: (host, portText) = (parts[0], parts[1])
            default:
                throw EndpointError("'\(text)' has several colons: an IPv6 address goes in brackets, e.g. [::1]:12345")
            }
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw EndpointError("'\(text)' needs a host without spaces before the port; e.g. 127.0.0.1:12345")
        }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
            let port = Int(portText), (1...65_535).contains(port)
        else {
            throw EndpointError("the port in '\(text)' must be a number in 1...65535; e.g. 127.0.0.1:12345")
        }
        self.init(host: String(host), port: port)
    }

    init?(argument: String) {
        try? self.init(parsing: argument)
    }

    /// `HOST:PORT`, the host in brackets when it is an IPv6 address; a WebSocket address as its `ws://` URL.
    var description: String {
        if let webSocketURL { return webSocketURL.description + (listens ? " (listening)" : "") }
        return TCPTransport.address(host: host, port: port)
    }

    /// The `ws://` URL of a WebSocket address; `nil` for TCP.
    var webSocketURL: WebSocketURL? {
        webSocketTarget.map { WebSocketURL(scheme: webSocketScheme, host: host, port: port, target: $0) }
    }

    /// The transport for this address: ``transport`` for one to dial; for `--listen`, a WebSocket server bound now,
    /// listening until the transport's `close()`.
    ///
    /// - Throws: `SDLSessionError` when the address cannot be bound or the `wss://` files cannot be used.
    func makeTransport() async throws -> CoreTransport {
        guard listens, let webSocketURL else { return transport }
        var logger = Logger(label: "carwindow.listen")
        logger.logLevel = .warning
        return CoreTransport(
            .webSocketServer(
                try await WebSocketServerTransport.bind(
                    on: webSocketURL, configuration: .init(tls: tls), logger: logger)))
    }

    /// The transport that reaches this address: TCP, or WebSocket for a `ws://` address.
    var transport: CoreTransport {
        if let webSocketURL {
            return CoreTransport(
                .webSocket(WebSocketTransport(url: webSocketURL, configuration: .init(tls: tls))))
        }
        return CoreTransport(.tcp(TCPTransport(host: host, port: port)))
    }
}

/// Why a `HOST:PORT` text is not an ``Endpoint``; the description says what to write instead.
struct EndpointError: Error, Hashable, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
