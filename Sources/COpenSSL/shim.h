// OpenSSL 3 (Debian libssl-dev) for SDLSecurityOpenSSL.
//
// Several SSL_CTX settings are function-like macros over SSL_CTX_ctrl, which Swift cannot import; the static inline
// wrappers below give them a typed, importable form. Nothing here keeps state.
#ifndef CARWINDOW_COPENSSL_SHIM_H
#define CARWINDOW_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

static inline int carwindow_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

static inline int carwindow_SSL_CTX_set_max_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_max_proto_version(ctx, version);
}

/// Adds one certificate to the chain sent after the leaf; the context takes its own reference.
static inline int carwindow_SSL_CTX_add1_chain_cert(SSL_CTX *ctx, X509 *cert) {
    return (int)SSL_CTX_add1_chain_cert(ctx, cert);
}

/// No session tickets (SDL never resumes, and TLS 1.3 tickets would add post-handshake records the head unit must
/// consume), no renegotiation, no compression.
static inline void carwindow_SSL_CTX_set_sdl_options(SSL_CTX *ctx) {
    SSL_CTX_set_options(ctx, SSL_OP_NO_TICKET | SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_num_tickets(ctx, 0);
}

/// The number of certificates in the peer's verified chain (leaf first, trust anchor last); 0 when there is none.
static inline int carwindow_SSL_verified_chain_count(const SSL *ssl) {
    STACK_OF(X509) *chain = SSL_get0_verified_chain(ssl);
    return chain == NULL ? 0 : sk_X509_num(chain);
}

/// Certificate `index` of the peer's verified chain, owned by the SSL object (no reference taken).
static inline X509 *carwindow_SSL_verified_chain_certificate(const SSL *ssl, int index) {
    STACK_OF(X509) *chain = SSL_get0_verified_chain(ssl);
    return chain == NULL ? NULL : sk_X509_value(chain, index);
}

#endif
