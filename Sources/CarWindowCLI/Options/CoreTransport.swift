import SDLSession
import SDLWire

/// The transport `--core` chose: TCP for `HOST:PORT`, WebSocket for `ws://HOST:PORT`. Both hand out the same
/// ``TCPConnection`` (WebSocket runs over TCP), so a run is the same whichever it is.
///
/// ```swift
/// let transport = try Endpoint(parsing: "ws://127.0.0.1:2020").transport
/// let streaming = StreamingSession(options: options, transport: transport)
/// ```
struct CoreTransport: SDLTransport, CustomStringConvertible {
    enum Link: Sendable {
        case tcp(TCPTransport)
        case webSocket(WebSocketTransport)
    }

    var link: Link

    init(_ link: Link) {
        self.link = link
    }

    func withConnection<Result: Sendable>(_ body: (TCPConnection) async throws -> Result) async throws -> Result {
        switch link {
        case .tcp(let transport): try await transport.withConnection(body)
        case .webSocket(let transport): try await transport.withConnection(body)
        }
    }

    var kind: TransportKind {
        switch link {
        case .tcp(let transport): transport.kind
        case .webSocket(let transport): transport.kind
        }
    }

    var description: String {
        switch link {
        case .tcp(let transport):
            transport.host.contains(":")
                ? "[\(transport.host)]:\(transport.port)" : "\(transport.host):\(transport.port)"
        case .webSocket(let transport): transport.url.description
        }
    }
}
