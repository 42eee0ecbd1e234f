extension ControllerSession {
  /// What the session is starting, for choosing and switching command sets.
  enum Activity {
    case scanning
    case advertising
  }

  /// Runs `attempt` with the activity's command set, recovering from the refusals that have a
  /// known cause, and returns the set that worked.
  ///
  /// - Command Disallowed, when this session has not used the other set: scanning or
  ///   advertising was already on (another program, an earlier run). `disable` turns it off
  ///   and the attempt is repeated once.
  /// - Command Disallowed or Unknown HCI Command otherwise (or again): the controller refuses
  ///   this set, typically legacy commands after extended ones were used, or extended ones it
  ///   does not really implement. With ``CommandSetPreference/automatic`` and a controller
  ///   that claims the other set, the session switches and tries that once.
  ///
  /// Each step is recorded in ``events``. Other errors are thrown at once.
  func withRecovery(
    _ activity: Activity, attempt: (CommandSet) throws(ControllerError) -> Void,
    disable: (CommandSet) throws(ControllerError) -> Void
  ) throws(ControllerError) -> CommandSet {
    var set = commandSet(for: activity)
    var disabledOnce = false
    var switched = false
    while true {
      do throws(ControllerError) {
        try attempt(set)
        return set
      } catch {
        guard case .commandFailed(let command, _, let status, _) = error,
          status == .commandDisallowed || status == .unknownHCICommand
        else { throw error }
        if status == .commandDisallowed, !disabledOnce, !usedCommandSets.contains(set.other) {
          disabledOnce = true
          try bestEffort { () throws(ControllerError) in try disable(set) }
          record(.disabledAndRetried(command: command, set: set))
          continue
        }
        guard !switched, canSwitch(activity, to: set.other) else { throw error }
        switched = true
        disabledOnce = false
        record(.switchedCommandSet(from: set, to: set.other, command: command, status: status))
        set = set.other
        setCommandSet(set, for: activity)
      }
    }
  }

  /// Runs `body`, ignoring its failure unless the controller is unreachable.
  func bestEffort(_ body: () throws(ControllerError) -> Void) throws(ControllerError) {
    do {
      try body()
    } catch  where error.controllerIsUnreachable {
      throw error
    } catch {}
  }

  private func commandSet(for activity: Activity) -> CommandSet {
    activity == .scanning ? scanningCommandSet : advertisingCommandSet
  }

  private func setCommandSet(_ set: CommandSet, for activity: Activity) {
    switch activity {
    case .scanning: scanningCommandSet = set
    case .advertising: advertisingCommandSet = set
    }
  }

  /// Switching is for the automatic preference only, and only to a set the controller claims
  /// (or any set when its capabilities were never read).
  private func canSwitch(_ activity: Activity, to set: CommandSet) -> Bool {
    guard commandSetPreference == .automatic else { return false }
    guard let capabilities else { return true }
    switch activity {
    case .scanning: return capabilities.supportsScanning(with: set)
    case .advertising: return capabilities.supportsAdvertising(with: set)
    }
  }
}
