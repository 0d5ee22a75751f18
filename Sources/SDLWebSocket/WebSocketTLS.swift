package import NIOCore
import NIOSSL
package import SDLWire

/// The TLS under `wss://`, on NIOSSL, for both ends: a context made once from ``SDLWire/WebSocketTLSFiles``, the
/// handler that goes first in each connection's pipeline, and what a failed handshake becomes
/// (``SDLWire/WebSocketFailure/tls(_:)``).
///
/// ```swift
/// let tls = try WebSocketTLS.client(WebSocketTLSFiles(trustRoots: "ca.pem"))
/// try channel.pipeline.syncOperations.addHandler(try tls.clientHandler(serverHostname: "core.local"))
/// ```
package struct WebSocketTLS: Sendable {
    private let context: NIOSSLContext

    /// A client that verifies the server's certificate against `files.trustRoots` (the system's when absent), and
    /// shows `files.certificate` when it has one. With `verifiesHostname` false the chain is checked but not the
    /// name in it: what SDL Core does when it dials a cloud app (it trusts the CA of the app's policy entry).
    package static func client(
        _ files: WebSocketTLSFiles, verifiesHostname: Bool = true
    ) throws(WebSocketFailure) -> Self {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !verifiesHostname { configuration.certificateVerification = .noHostnameVerification }
        if let roots = files.trustRoots { configuration.trustRoots = .file(roots) }
        if let certificate = files.certificate { configuration.certificateChain = [.file(certificate)] }
        if let key = files.privateKey { configuration.privateKey = .file(key) }
        return try Self(configuration)
    }

    /// A server with `files.certificate` and its key; with `files.trustRoots` it asks each client for a
    /// certificate chaining to them and refuses one without, as SDL Core does.
    package static func server(_ files: WebSocketTLSFiles) throws(WebSocketFailure) -> Self {
        guard let certificate = files.certificate, let key = files.privateKey else {
            throw .tls("a wss:// server needs a certificate and its private key")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.file(certificate)], privateKey: .file(key))
        if let roots = files.trustRoots {
            configuration = TLSConfiguration.makeServerConfigurationWithMTLS(
                certificateChain: [.file(certificate)], privateKey: .file(key), trustRoots: .file(roots))
        }
        return try Self(configuration)
    }

    private init(_ configuration: TLSConfiguration) throws(WebSocketFailure) {
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tls("\(error)")
        }
    }

    /// The client's TLS handler; `serverHostname` is checked against the server's certificate and sent as SNI
    /// (an IP address is checked against the certificate's IP addresses).
    package func clientHandler(serverHostname: String?) throws -> any ChannelHandler {
        try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
    }

    package func serverHandler() -> any ChannelHandler {
        NIOSSLServerHandler(context: context)
    }

    /// `error` as a ``SDLWire/WebSocketFailure/tls(_:)`` when TLS raised it, else `nil`.
    package static func failure(_ error: any Error) -> WebSocketFailure? {
        switch error {
        case let error as NIOSSLError: .tls("\(error)")
        case let error as BoringSSLError: .tls("\(error)")
        default: nil
        }
    }
}

/// Right after the TLS handler: keeps the first TLS error, so a connection closed by a failed handshake reads as
/// ``SDLWire/WebSocketFailure/tls(_:)`` rather than as a peer that went away.
package final class TLSFailureRecorder: ChannelInboundHandler {
    package typealias InboundIn = NIOAny

    private let record: @Sendable (WebSocketFailure) -> Void

    package init(_ record: @escaping @Sendable (WebSocketFailure) -> Void) {
        self.record = record
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let failure = WebSocketTLS.failure(error) { record(failure) }
        context.fireErrorCaught(error)
    }
}
