/// Why a session could not be set up: nothing was sent. (A broker that is down is not one of
/// these: the session keeps trying, and says so through its events.)
public enum MQTTSetupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libmosquitto could not make a client (out of memory, or a client identifier it refuses).
  case clientNotCreated(clientID: String)
  /// A setting was refused: which (`will`, `credentials`, `TLS`…) and why.
  case settingRefused(String, MosquittoStatus)
  /// The certificate authority file cannot be read.
  case certificateAuthorityUnreadable(String)
  /// libmosquitto's network thread did not start.
  case threadNotStarted(MosquittoStatus)

  public var description: String {
    switch self {
    case .clientNotCreated(let clientID): return "libmosquitto could not create a client named '\(clientID)'"
    case .settingRefused(let setting, let status): return "libmosquitto refused the \(setting): \(status)"
    case .certificateAuthorityUnreadable(let path):
      return "cannot read the certificate authority file \(path): give a readable PEM file to --mqtt-ca-file"
    case .threadNotStarted(let status): return "libmosquitto's network thread did not start: \(status)"
    }
  }
}
