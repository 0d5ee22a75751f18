import COpenSSL
import SDLSecurity

/// Builds an `SSL_CTX` from a configuration whose PEMs are in memory. Each manager gets its own context, so no
/// OpenSSL object is ever shared between owners.
struct OpenSSLContextBuilder {
    let configuration: OpenSSLSecurityConfiguration
    let role: SecurityRole

    /// Returns a new context with one reference the caller owns.
    func makeContext() throws(SecurityError) -> OpaquePointer {
        ERR_clear_error()
        let method = role == .app ? TLS_server_method() : TLS_client_method()
        guard let context = SSL_CTX_new(method) else {
            throw configurationError("SSL_CTX_new failed")
        }
        do {
            try configure(context)
        } catch {
            SSL_CTX_free(context)
            throw error
        }
        return context
    }

    static func release(_ context: OpaquePointer) {
        SSL_CTX_free(context)
    }

    private func configure(_ context: OpaquePointer) throws(SecurityError) {
        carwindow_SSL_CTX_set_sdl_options(context)
        guard carwindow_SSL_CTX_set_min_proto_version(context, configuration.minimumVersion.openSSLValue) == 1 else {
            throw configurationError("minimum TLS version refused")
        }
        let maximum = configuration.maximumVersion?.openSSLValue ?? 0
        guard carwindow_SSL_CTX_set_max_proto_version(context, maximum) == 1 else {
            throw configurationError("maximum TLS version refused")
        }
        guard SSL_CTX_set_cipher_list(context, configuration.cipherList) == 1 else {
            throw configurationError("no usable cipher in '\(configuration.cipherList)'")
        }
        if let suites = configuration.cipherSuites, SSL_CTX_set_ciphersuites(context, suites) != 1 {
            throw configurationError("TLS 1.3 cipher suites '\(suites)' refused")
        }
        try useCertificate(context)
        try trustCertificates(context)
        SSL_CTX_set_verify(context, verifyMode, nil)
    }

    private var verifyMode: Int32 {
        switch configuration.peerVerification {
        case .none: SSL_VERIFY_NONE
        case .ifPresented: SSL_VERIFY_PEER
        case .required: SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT
        }
    }

    private func useCertificate(_ context: OpaquePointer) throws(SecurityError) {
        guard let chainPEM = configuration.certificateChain else {
            if role == .app { throw SecurityError(.configuration("the app (TLS server) needs a certificate")) }
            return
        }
        let chain = try Self.certificates(in: chainPEM)
        defer { for certificate in chain { X509_free(certificate) } }
        guard let leaf = chain.first else {
            throw SecurityError(.configuration("no certificate in the certificate chain PEM"))
        }
        guard SSL_CTX_use_certificate(context, leaf) == 1 else { throw configurationError("certificate refused") }
        for intermediate in chain.dropFirst() where carwindow_SSL_CTX_add1_chain_cert(context, intermediate) != 1 {
            throw configurationError("intermediate certificate refused")
        }
        guard case .data(let keyBytes) = configuration.privateKey else {
            throw SecurityError(.configuration("a certificate needs its private key"))
        }
        let key: OpaquePointer? = keyBytes.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { throw configurationError("private key PEM does not parse") }
        defer { EVP_PKEY_free(key) }
        guard SSL_CTX_use_PrivateKey(context, key) == 1, SSL_CTX_check_private_key(context) == 1 else {
            throw configurationError("private key does not match the certificate")
        }
    }

    private func trustCertificates(_ context: OpaquePointer) throws(SecurityError) {
        guard let pem = configuration.trustedCertificates else {
            if configuration.peerVerification != .none {
                throw SecurityError(.configuration("peer verification needs trusted certificates"))
            }
            return
        }
        let authorities = try Self.certificates(in: pem)
        defer { for authority in authorities { X509_free(authority) } }
        guard !authorities.isEmpty else { throw SecurityError(.configuration("no certificate in the trusted PEM")) }
        guard let store = SSL_CTX_get_cert_store(context) else { throw configurationError("no certificate store") }
        for authority in authorities where X509_STORE_add_cert(store, authority) != 1 {
            throw configurationError("trusted certificate refused")
        }
    }

    /// Every certificate in a PEM, in order. The caller frees them.
    static func certificates(in pem: OpenSSLSecurityConfiguration.PEM) throws(SecurityError) -> [OpaquePointer] {
        guard case .data(let bytes) = pem else {
            throw SecurityError(.configuration("PEM file was not loaded"))
        }
        let certificates: [OpaquePointer] = bytes.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return [] }
            defer { BIO_free(bio) }
            var result: [OpaquePointer] = []
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                result.append(certificate)
            }
            return result
        }
        // Reading stops at the end of the text with a "no start line" error that is not a failure.
        ERR_clear_error()
        return certificates
    }

    private func configurationError(_ what: String) -> SecurityError {
        SecurityError(.configuration(what), context: OpenSSLErrorQueue.drain().joined(separator: "; "))
    }
}

extension OpenSSLSecurityConfiguration.TLSVersion {
    var openSSLValue: Int32 {
        switch self {
        case .tls1_2: TLS1_2_VERSION
        case .tls1_3: TLS1_3_VERSION
        }
    }
}
