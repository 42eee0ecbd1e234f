/// Why an `https://` server's certificate was not accepted, as far as it tells the user what to do.
public enum CertificateRejection: Hashable, Sendable {
  /// Valid, but for another host than the URL's.
  case wrongName
  /// Expired, or not valid yet: this machine's clock, or the server's certificate, is wrong.
  case outOfDate
  /// Its chain does not lead to a trusted authority (unknown or self-signed issuer), or it is
  /// otherwise invalid.
  case notTrusted
}
