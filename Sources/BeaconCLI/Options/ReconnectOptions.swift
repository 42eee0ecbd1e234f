import ArgumentParser
import StationCatalogs

/// `--reconnect` and `--deaf-after`: ride out a controller that goes away while scanning (a USB
/// adapter replugged, an emulator restarted, a serial link that dropped), or that stays but goes
/// deaf (enabled, answering, hearing nothing until it is reset, as Raspberry Pis' adapters do).
public struct ReconnectOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "When the controller goes away or fails after scanning has started, open it again every second and scan on, with the same output, instead of exiting with status 69; still gone when --duration runs out: status 69."
    ))
  public var reconnect = false

  @Option(
    name: .customLong("deaf-after"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "A live controller that has been heard and then sends no advertising report for this long while scanning counts as deaf, and is recovered in stages, each after another such silence: scanning disabled and enabled again, the controller reset, the kernel device powered down and up, then exit status 75 for systemd to restart the service; "
        + "\(ValueRange.deafAfterSeconds), 0: never (default: \(ValueRange.format(Self.defaultDeafAfterSeconds))). Only after reports were heard: a controller that never heard any is not touched, but a place that falls quiet for good (beacons switched off at night) is taken for deafness once.",
      valueName: "seconds"),
    transform: ValueRange.deafAfterSeconds.parse)
  public var deafAfter: Double?

  /// A station's own beacon advertises several times a second; a minute without a single
  /// report from anything is no quiet moment at a station.
  static let defaultDeafAfterSeconds: Double = 60

  public init() {}

  /// How long a heard controller may be silent before it counts as deaf; `nil`: never.
  var deafSilence: Duration? {
    let seconds = deafAfter ?? Self.defaultDeafAfterSeconds
    return seconds > 0 ? .milliseconds(ofSeconds: seconds) : nil
  }

  /// Refuses `--reconnect` and `--deaf-after` without a live controller.
  func check(live: Bool) throws {
    if reconnect, !live {
      throw ValidationError("--reconnect is for live controllers (-i hci0, serial:…, tcp:…), not for captures.")
    }
    if deafAfter != nil, !live {
      throw ValidationError("--deaf-after is for live controllers (-i hci0, serial:…, tcp:…), not for captures.")
    }
  }
}
