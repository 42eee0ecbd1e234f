import BluetoothTypes
import HCICodec
import HCITransportCore

/// Why the controller session failed. Each case's text names the controller and the command
/// and says what to do.
public enum ControllerError: Error, Hashable, Sendable {
  /// No Command Complete or Command Status for `command` arrived within `after`.
  case noResponse(command: String, opcode: HCIOpcode, after: Duration, connection: String)
  /// The controller allowed no command (Num_HCI_Command_Packets = 0) for `after`, so
  /// `command` was never sent.
  case noCommandCredit(command: String, opcode: HCIOpcode, after: Duration, connection: String)
  /// The controller answered `command` with an error status.
  case commandFailed(command: String, opcode: HCIOpcode, status: HCIStatus, connection: String)
  /// The answer to `command` could not be decoded.
  case malformedResponse(command: String, opcode: HCIOpcode, problem: String, connection: String)
  /// The controller sent HCI_Hardware_Error with this Hardware_Code.
  case hardwareError(code: UInt8, connection: String)
  /// The link to the controller closed (EOF, reset, device removed).
  case connectionLost(connection: String, error: HCIConnectionError)
  /// The link failed in another way (framing, permission, I/O).
  case connectionFailed(connection: String, error: HCIConnectionError)
  /// A value given to the session cannot be sent (an interval out of range, data too long).
  case invalidParameter(String)
}

extension ControllerError {
  /// The status of a ``commandFailed(command:opcode:status:connection:)``, else `nil`.
  public var failedStatus: HCIStatus? {
    if case .commandFailed(_, _, let status, _) = self { return status }
    return nil
  }

  /// Whether the controller has stopped answering or is gone, so that further commands are
  /// pointless.
  public var controllerIsUnreachable: Bool {
    switch self {
    case .noResponse, .noCommandCredit, .hardwareError, .connectionLost, .connectionFailed: return true
    case .commandFailed, .malformedResponse, .invalidParameter: return false
    }
  }
}

extension ControllerError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .noResponse(let command, let opcode, let after, let connection):
      return "the controller on \(connection) did not answer \(command) (\(opcode)) within "
        + "\(after.spokenDescription); is it still powered and attached, is the emulator running, and is it an HCI "
        + "controller at all (a silent peer may be another service)?"
    case .noCommandCredit(let command, let opcode, let after, let connection):
      return "the controller on \(connection) accepted no command for \(after.spokenDescription), so \(command) "
        + "(\(opcode)) was not sent; it may be stuck: reset or replug it and try again"
    case .commandFailed(let command, let opcode, let status, let connection):
      return "the controller on \(connection) refused \(command) (\(opcode)): \(status)" + Self.advice(for: status)
    case .malformedResponse(let command, let opcode, let problem, let connection):
      return "the controller on \(connection) answered \(command) (\(opcode)) with a malformed event: \(problem); "
        + "capture the traffic (btmon) and report it"
    case .hardwareError(let code, let connection):
      return "the controller on \(connection) reported hardware error 0x\(Hex.encode([code])); "
        + "reset or replug it and try again"
    case .connectionLost(let connection, let error):
      return "the connection to the controller on \(connection) closed (\(error)); "
        + "check that it is still attached or that the emulator is still running"
    case .connectionFailed(let connection, let error):
      return "the connection to the controller on \(connection) failed: \(error)"
    case .invalidParameter(let text):
      return text
    }
  }

  private static func advice(for status: HCIStatus) -> String {
    switch status {
    case .commandDisallowed:
      return "; another program may be scanning or advertising on this controller (stop it, e.g. "
        + "`bluetoothctl scan off`), or the controller is mixing legacy and extended commands (reset it)"
    case .unknownHCICommand:
      return "; the controller does not implement this command: force the other command set (legacy or extended)"
    case .invalidHCICommandParameters, .unsupportedFeatureOrParameterValue:
      return "; the controller does not accept these values: check intervals, window and data length"
    case .memoryCapacityExceeded, .limitReached:
      return "; the controller is out of resources: stop other advertising sets or reset it"
    case .controllerBusy:
      return "; try again in a moment"
    default:
      return ""
    }
  }
}
