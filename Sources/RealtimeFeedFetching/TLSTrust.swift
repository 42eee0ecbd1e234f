/// What an `https://` server's certificate chain is verified against.
public enum TLSTrust: Hashable, Sendable {
  /// The system's trust store (Debian: ca-certificates), or the PEM file the `SSL_CERT_FILE`
  /// environment variable names and the directory `SSL_CERT_DIR` names, as OpenSSL reads them.
  case systemStore
  /// Only the certificate authorities in a PEM file: a test's own, or a closed network's.
  case certificateAuthorities(file: String)
}
