extension ControllerSession {
  /// Leaves the controller as it was found, then closes the connection. Call it on SIGINT or
  /// SIGTERM (see ``StopSignal``) and on every other exit. Idempotent.
  ///
  /// Disables the scanning this session enabled (HCI_LE_Set_Scan_Enable or
  /// HCI_LE_Set_Extended_Scan_Enable with disable) and the advertising it enabled
  /// (HCI_LE_Set_Advertising_Enable with disable, or HCI_LE_Set_Extended_Advertising_Enable
  /// with disable followed by HCI_LE_Remove_Advertising_Set). Failures are recorded in
  /// ``events`` and otherwise ignored. Each command waits at most ``commandTimeout``, and
  /// once the controller has stopped answering the remaining commands are skipped, so a dead
  /// controller costs one timeout.
  public func shutdown() {
    guard !isShutDown else { return }
    isShutDown = true
    var reachable = true
    func step(_ command: String, _ body: () throws(ControllerError) -> Void) {
      guard reachable else { return }
      do {
        try body()
      } catch {
        record(.shutdownStepFailed(command: command, error: error))
        if error.controllerIsUnreachable { reachable = false }
      }
    }
    if isScanning {
      step("stopping scanning") { () throws(ControllerError) in try stopScanning() }
    }
    if isAdvertising || advertisingSetExists {
      step("stopping advertising") { () throws(ControllerError) in try stopAdvertising() }
    }
    connection.close()
  }
}
