// OpenSSL's TLS library (libssl and libcrypto, Debian: libssl-dev at build, libssl3 at run).
// Only the RealtimeFeedFetching module imports it.
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

// What OpenSSL defines as macros, which Swift does not import, as functions.

/// The server name sent in the ClientHello (SNI). The macro is `SSL_set_tlsext_host_name`.
static inline int beacon_ssl_set_server_name(SSL *ssl, const char *name) {
  return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// TLS 1.2 as the oldest version offered. The macro is `SSL_CTX_set_min_proto_version`.
static inline int beacon_ssl_ctx_require_tls12(SSL_CTX *context) {
  return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/// A peer that closes without close_notify is the end of the stream, as most HTTP servers close;
/// the answer's own framing (Content-Length, chunks) tells a cut-short answer.
/// The macro is `SSL_OP_IGNORE_UNEXPECTED_EOF`.
static inline void beacon_ssl_ctx_accept_eof_without_close_notify(SSL_CTX *context) {
  SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
}
