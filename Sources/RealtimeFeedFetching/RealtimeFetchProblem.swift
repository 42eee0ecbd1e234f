import POSIXSupport
import SystemPackage
import TransitRealtime

/// Why a `--gtfs-rt` source gave no feed this time: each says what to do.
public enum RealtimeFetchProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case unsupportedScheme(source: String)
  case malformedURL(source: String)
  case connect(TCPConnectFailure)
  /// Sending the request or reading the answer failed.
  case io(Errno)
  /// No complete answer within the time allowed.
  case timedOut(Duration)
  /// The server's answer is not HTTP/1.x as this client reads it.
  case malformedResponse
  /// An answer other than 200 (or 304 to a conditional request).
  case status(code: Int, reason: String)
  case tooLarge(limit: Int)
  case tooManyRedirects
  /// An `https://` server redirected to a plain `http://` URL, which is not followed.
  case redirectedToPlainHTTP
  /// The `https://` server's certificate failed verification: OpenSSL's verify result's text
  /// (`reason`, e.g. "certificate has expired", "hostname mismatch"), and what it means.
  case certificateRejected(host: String, reason: String, kind: CertificateRejection)
  /// The TLS handshake or transfer failed otherwise (no common protocol version, not TLS at
  /// all): OpenSSL's reason.
  case tlsFailed(reason: String)
  /// The bytes are no GTFS-Realtime feed.
  case notAFeed(RealtimeFeedError)

  public var description: String {
    switch self {
    case .unsupportedScheme: return "not a URL this program fetches: give a file path, or an http:// or https:// URL"
    case .malformedURL: return "not a URL: expected http://HOST[:PORT]/PATH or https://HOST[:PORT]/PATH"
    case .connect(.unresolvable(let reason)): return "cannot resolve the host: \(reason); check the URL"
    case .connect(.refused): return "the connection was refused: nothing listens there; check the URL's port"
    case .connect(.timedOut(let limit)): return "no answer to the connection within \(limit); check the network"
    case .connect(.systemError(let operation, let errno)): return "\(operation) failed: \(errno)"
    case .io(let errno): return "the transfer failed: \(errno)"
    case .timedOut(let limit): return "no complete answer within \(limit); the server or network is slow"
    case .malformedResponse: return "the server's answer is not HTTP/1.x; check the URL"
    case .status(let code, let reason):
      return "the server answered \(code) \(reason); check the URL (and whether the feed needs a key)"
    case .tooLarge(let limit): return "the answer is larger than \(limit) bytes: not a realtime feed"
    case .tooManyRedirects: return "redirected too many times; give the final URL"
    case .redirectedToPlainHTTP:
      return
        "the https:// server redirected to a plain http:// URL, which is not followed; give an http:// URL if the feed is only served so"
    case .certificateRejected(let host, let reason, .wrongName):
      return "the server's certificate is not for \(host) (\(reason)); check the URL's host name"
    case .certificateRejected(let host, let reason, .outOfDate):
      return
        "the certificate of \(host) is out of date (\(reason)); check this machine's clock (timedatectl), else the server's certificate needs renewing"
    case .certificateRejected(let host, let reason, .notTrusted):
      return
        "the certificate of \(host) is not trusted (\(reason)); if the server is right, add its certificate authority to the system's trust store (update-ca-certificates) or point SSL_CERT_FILE at a PEM file of it"
    case .tlsFailed(let reason):
      return "the TLS connection failed: \(reason); check that the URL's port serves https://"
    case .notAFeed(let error): return error.description
    }
  }
}
