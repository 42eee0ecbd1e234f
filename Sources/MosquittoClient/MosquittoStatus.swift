import CMosquitto
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// A libmosquitto result code other than success (`MOSQ_ERR_*`), with `errno` when the library
/// says the cause is a system call's (`MOSQ_ERR_ERRNO`).
public struct MosquittoStatus: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `MOSQ_ERR_*` value.
  public var code: Int32
  /// The system error behind ``code`` when it is `MOSQ_ERR_ERRNO`.
  public var systemError: Errno?

  public init(code: Int32, systemError: Errno? = nil) {
    self.code = code
    self.systemError = systemError
  }

  /// Reads `errno` when `code` says the cause is there.
  init(capturing code: Int32) {
    self.init(code: code, systemError: code == Int32(MOSQ_ERR_ERRNO.rawValue) ? Errno(rawValue: errno) : nil)
  }

  /// The connection is not up (`MOSQ_ERR_NO_CONN`).
  public var isNotConnected: Bool { code == Int32(MOSQ_ERR_NO_CONN.rawValue) }

  /// libmosquitto's text (`mosquitto_strerror`), or the system error's.
  public var description: String {
    if let systemError { return "\(systemError)" }
    return String(cString: mosquitto_strerror(code))
  }
}
