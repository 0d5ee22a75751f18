package import SDLSession
package import SDLWire

/// The transport `--core` or `--listen` chose: TCP for `HOST:PORT`, WebSocket for `ws://HOST:PORT`, a WebSocket
/// server the head unit dials for `--listen ws://HOST:PORT`. All hand out the same ``TCPConnection`` (WebSocket runs
/// over TCP), so a run is the same whichever it is.
///
/// ```swift
/// let transport = try await Endpoint(parsing: "ws://127.0.0.1:2020").makeTransport()
/// let projection = Projection(options: options, transport: transport)
/// // ... the run ...
/// await transport.close()
/// ```
package struct CoreTransport: SDLTransport, CustomStringConvertible {
    package enum Link: Sendable {
        case tcp(TCPTransport)
        case webSocket(WebSocketTransport)
        /// `--listen`: a cloud app's server, listening from ``Endpoint/makeTransport()`` to ``close()``.
        case webSocketServer(WebSocketServerTransport)
    }

    package var link: Link

    package init(_ link: Link) {
        self.link = link
    }

    package func withConnection<Result: Sendable>(_ body: (TCPConnection) async throws -> Result) async throws -> Result
    {
        switch link {
        case .tcp(let transport): try await transport.withConnection(body)
        case .webSocket(let transport): try await transport.withConnection(body)
        case .webSocketServer(let transport): try await transport.withConnection(body)
        }
    }

    /// For `--listen`: the address head units dial, with the port it got; `nil` for a transport that dials.
    package var listeningURL: WebSocketURL? {
        if case .webSocketServer(let transport) = link { return transport.url }
        return nil
    }

    /// Stops listening, for `--listen`; nothing for a transport that dials. Call it once the run has ended.
    package func close() async {
        if case .webSocketServer(let transport) = link { await transport.close() }
    }

    package var kind: TransportKind {
        switch link {
        case .tcp(let transport): transport.kind
        case .webSocket(let transport): transport.kind
        case .webSocketServer(let transport): transport.kind
        }
    }

    package var description: String {
        switch link {
        case .tcp(let transport): transport.address
        case .webSocket(let transport): transport.url.description
        case .webSocketServer(let transport): "\(transport.url) (listening)"
        }
    }
}
