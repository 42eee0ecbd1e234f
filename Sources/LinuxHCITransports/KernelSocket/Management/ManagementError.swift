import HCITransportCore

/// Why a command on the kernel's management interface failed; each ``description`` says what
/// to do.
public enum ManagementError: Error, Hashable, Sendable {
  /// The socket could not be opened or used.
  case socket(HCISocketError)
  /// The kernel answered the command with a status other than success.
  case refused(command: String, device: HCIDeviceIndex?, ManagementStatus)
  /// No answer came within the time allowed.
  case noAnswer(command: String)
  /// The answer is shorter than the command's return parameters.
  case shortAnswer(command: String, length: Int)
}

extension ManagementError: TransportFailure {
  /// The category a caller acts on.
  public var connectionError: HCIConnectionError {
    switch self {
    case .socket(let error): return error.connectionError
    case .refused(_, _, let status) where status == .permissionDenied: return .notAuthorized(self)
    case .refused(_, _, let status)
    where status == .notPowered || status == .rfkilled || status == .invalidIndex || status == .rejected:
      return .unavailable(self)
    case .refused, .noAnswer, .shortAnswer: return .failed(self)
    }
  }

  public var description: String {
    switch self {
    case .socket(let error):
      return error.description
    case .refused(let command, let device, let status):
      let name = device.map { "\($0)" } ?? "the kernel"
      let advice: String
      switch status {
      case .permissionDenied:
        advice = "; it needs CAP_NET_ADMIN: `sudo setcap cap_net_raw,cap_net_admin+eip <binary>`, or run it with sudo"
      case .notPowered, .rejected:
        advice = "; \(name) must be powered and LE enabled: `bluetoothctl power on`"
      case .rfkilled:
        advice = "; unblock it: `rfkill unblock bluetooth`"
      case .invalidIndex:
        advice = "; there is no such controller (see `btmgmt info`)"
      case .unknownCommand, .notSupported:
        advice =
          "; this kernel is too old for it (the management interface's extended advertising and advertisement "
          + "monitors came with Linux 5.10)"
      default:
        advice = ""
      }
      return "\(name) refused \(command): \(status)\(advice)"
    case .noAnswer(let command):
      return "the kernel did not answer \(command) on the management interface"
    case .shortAnswer(let command, let length):
      return "the kernel's answer to \(command) is too short (\(length) bytes)"
    }
  }
}
