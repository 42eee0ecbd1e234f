/// The syslog priority of a line on standard error, as journald reads it from a `<N>` prefix
/// (sd-daemon(3): `SD_ERR`, `SD_WARNING`, `SD_NOTICE`, `SD_INFO`).
public enum LogPriority: Int, Sendable, CaseIterable {
  /// A failure that ends the run (`<3>`).
  case error = 3
  /// Something is wrong, the run goes on (`<4>`).
  case warning = 4
  /// Normal but worth noticing: the run's end, a controller back (`<5>`).
  case notice = 5
  /// Progress: the controller started, scanning or advertising begun (`<6>`).
  case info = 6

  /// The prefix journald turns into this priority, e.g. `<4>`.
  public var journalPrefix: String { "<\(rawValue)>" }
}
