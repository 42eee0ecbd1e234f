/// The ways the program can tell the rider something.
public enum NotificationChannel: String, Sendable, CaseIterable {
  /// A freedesktop notification through `notify-send`.
  case desktop = "desktop notification"
  /// BEL written to the terminal.
  case bell = "terminal bell"
  /// A sound played with `paplay` or `aplay`.
  case alarm = "alarm sound"
}
