import BluetoothTypes

extension HCIStatus {
  /// The spec's name for the common error codes (Core v5.4 Vol 1 Part F §1.3), `nil` for others.
  public var name: String? {
    switch rawValue {
    case 0x00: return "Success"
    case 0x01: return "Unknown HCI Command"
    case 0x02: return "Unknown Connection Identifier"
    case 0x03: return "Hardware Failure"
    case 0x04: return "Page Timeout"
    case 0x05: return "Authentication Failure"
    case 0x07: return "Memory Capacity Exceeded"
    case 0x08: return "Connection Timeout"
    case 0x09: return "Connection Limit Exceeded"
    case 0x0C: return "Command Disallowed"
    case 0x0D: return "Connection Rejected due to Limited Resources"
    case 0x11: return "Unsupported Feature or Parameter Value"
    case 0x12: return "Invalid HCI Command Parameters"
    case 0x13: return "Remote User Terminated Connection"
    case 0x16: return "Connection Terminated by Local Host"
    case 0x1A: return "Unsupported Remote Feature"
    case 0x1F: return "Unspecified Error"
    case 0x3A: return "Controller Busy"
    case 0x3C: return "Advertising Timeout"
    case 0x3E: return "Connection Failed to be Established"
    case 0x42: return "Unknown Advertising Identifier"
    case 0x43: return "Limit Reached"
    case 0x45: return "Packet Too Long"
    default: return nil
    }
  }
}

extension HCIStatus: CustomStringConvertible {
  /// `"Command Disallowed (0x0C)"`, or `"0x7F"` for a code without a name here.
  public var description: String {
    let code = "0x" + Hex.encode([rawValue])
    guard let name else { return code }
    return "\(name) (\(code))"
  }
}
