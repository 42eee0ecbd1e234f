/// Why a broker refused the connection: the CONNACK return code of MQTT 3.1.1 (section 3.2.2.3).
public enum MQTTConnectionRefusal: Hashable, Sendable, CustomStringConvertible {
  /// 1: the broker does not speak MQTT 3.1.1.
  case unacceptableProtocolVersion
  /// 2: the client identifier is not allowed.
  case identifierRejected
  /// 3: the broker is up but the MQTT service is not.
  case serverUnavailable
  /// 4: the user name or password is wrong.
  case badCredentials
  /// 5: this client is not allowed to connect.
  case notAuthorized
  /// Any other code.
  case other(Int32)

  public init(returnCode: Int32) {
    switch returnCode {
    case 1: self = .unacceptableProtocolVersion
    case 2: self = .identifierRejected
    case 3: self = .serverUnavailable
    case 4: self = .badCredentials
    case 5: self = .notAuthorized
    default: self = .other(returnCode)
    }
  }

  public var description: String {
    switch self {
    case .unacceptableProtocolVersion: return "the broker does not speak MQTT 3.1.1"
    case .identifierRejected: return "the broker rejected the client identifier"
    case .serverUnavailable: return "the broker's MQTT service is unavailable"
    case .badCredentials: return "the broker refused the user name or password"
    case .notAuthorized: return "the broker does not allow this client to connect"
    case .other(let code): return "the broker refused the connection (return code \(code))"
    }
  }
}
