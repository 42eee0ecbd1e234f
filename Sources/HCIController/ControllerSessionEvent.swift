import HCICodec

extension ControllerSession {
  /// Something the session decided or recovered from, for the CLI to tell the user. Read
  /// them from ``ControllerSession/events``.
  public enum Event: Hashable, Sendable {
    /// The controller was reset (``ControllerSession/init(connection:commandTimeout:resetOnStart:setsEventMasks:commandSetPreference:clock:)``
    /// with `resetOnStart`).
    case reset
    /// The capabilities were read and these command sets chosen.
    case commandSetsChosen(scanning: CommandSet, advertising: CommandSet, forced: Bool)
    /// `command` failed with Command Disallowed, most likely because scanning or advertising
    /// was already enabled (by another program or an earlier run); the session disabled it
    /// and tried again.
    case disabledAndRetried(command: String, set: CommandSet)
    /// The controller refused `command` of the `from` set with `status`, so the session
    /// switched to the `to` set (controllers refuse to mix legacy and extended commands).
    case switchedCommandSet(from: CommandSet, to: CommandSet, command: String, status: HCIStatus)
    /// During shutdown a command failed; the session carried on.
    case shutdownStepFailed(command: String, error: ControllerError)
  }
}

extension ControllerSession.Event: CustomStringConvertible {
  public var description: String {
    switch self {
    case .reset:
      return "reset the controller"
    case .commandSetsChosen(let scanning, let advertising, let forced):
      return "using \(scanning) scanning and \(advertising) advertising commands"
        + (forced ? " (forced)" : " (from the controller's supported-commands bits)")
    case .disabledAndRetried(let command, let set):
      return "\(command) was disallowed, so \(set) scanning/advertising was already on; disabled it and retried"
    case .switchedCommandSet(let from, let to, let command, let status):
      return "the controller refused \(from) \(command) (\(status)); switched to \(to) commands"
    case .shutdownStepFailed(let command, .connectionLost), .shutdownStepFailed(let command, .connectionFailed):
      // The failure itself has been reported already, by whatever ended the run.
      return "while shutting down, could not finish \(command): the link to the controller has failed"
    case .shutdownStepFailed(let command, let error):
      return "while shutting down, \(command) failed: \(error)"
    }
  }
}
