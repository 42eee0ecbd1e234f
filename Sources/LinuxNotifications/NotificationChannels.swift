/// The desktop notifier, terminal bell and alarm sound together, and what is available on this
/// machine, one line per channel.
public final class NotificationChannels: Sendable {
  /// The freedesktop notifier.
  public let desktop: DesktopNotifier
  /// The terminal bell.
  public let bell: TerminalBell
  /// The alarm sound.
  public let alarm: AlarmSound

  /// Channels made of the given parts.
  public init(desktop: DesktopNotifier, bell: TerminalBell, alarm: AlarmSound) {
    self.desktop = desktop
    self.bell = bell
    self.alarm = alarm
  }

  /// The channels of this machine: `notify-send`, the bell on standard error, and `soundFile`
  /// (or the generated chime) played with `paplay` or `aplay`.
  public convenience init(
    applicationName: String = "beacon-toolkit", soundFile: String? = nil, host: HostSystem = .live,
    runner: any ProcessRunner = SpawnProcessRunner()
  ) {
    self.init(
      desktop: DesktopNotifier(applicationName: applicationName, host: host, runner: runner),
      bell: TerminalBell(host: host),
      alarm: AlarmSound(sound: soundFile.map { .file(path: $0) }, host: host, runner: runner))
  }

  /// Whether `channel` can be used now.
  public func availability(of channel: NotificationChannel) -> ChannelAvailability {
    switch channel {
    case .desktop: desktop.availability
    case .bell: bell.availability
    case .alarm: alarm.availability
    }
  }

  /// One line per channel, such as `desktop notification: unavailable: no notify-send: sudo
  /// apt-get install libnotify-bin`, for `--verbose` or the start of a run.
  public func report() -> [String] {
    NotificationChannel.allCases.map { "\($0.rawValue): \(availability(of: $0))" }
  }
}
