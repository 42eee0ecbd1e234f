import HCICodec

/// How the controller answered a command.
public enum CommandResponse: Hashable, Sendable {
  /// HCI_Command_Complete for the command, with a success status (or no status at all).
  case complete(CommandComplete)
  /// HCI_Command_Status with Success: the controller started the command and will report
  /// its end with another event.
  case pending(CommandStatus)
}
