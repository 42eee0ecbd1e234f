import POSIXSupport
import SystemPackage
import TransitRealtime

/// Why a `--gtfs-rt` source gave no feed this time: each says what to do.
public enum RealtimeFetchProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// This program fetches plain `http://` only (no TLS library is linked in).
  case httpsNotSupported(source: String)
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
  /// The bytes are no GTFS-Realtime feed.
  case notAFeed(RealtimeFeedError)

  public var description: String {
    switch self {
    case .httpsNotSupported:
      return
        "https:// is not fetched here (this program speaks plain HTTP only): download the feed (e.g. curl -o feed.pb URL) and give its path, or an http:// URL"
    case .unsupportedScheme: return "not a URL this program fetches: give a file path or an http:// URL"
    case .malformedURL: return "not a URL: expected http://HOST[:PORT]/PATH"
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
    case .notAFeed(let error): return error.description
    }
  }
}
