import ArgumentParser

/// `--reconnect`: ride out a controller that goes away while scanning (a USB adapter replugged,
/// an emulator restarted, a serial link that dropped).
public struct ReconnectOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "When the controller goes away or fails after scanning has started, open it again every second and scan on, with the same output, instead of exiting with status 69; still gone when --duration runs out: status 69."
    ))
  public var reconnect = false

  public init() {}

  /// Refuses `--reconnect` without a live controller to reconnect to.
  func check(live: Bool) throws {
    if reconnect, !live {
      throw ValidationError("--reconnect is for live controllers (-i hci0, serial:…, tcp:…), not for captures.")
    }
  }
}
