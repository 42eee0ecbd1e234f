/// Shows freedesktop notifications by running `notify-send` (Debian package libnotify-bin).
///
/// It can be used when `notify-send` is on `PATH` and a session bus is reachable
/// (`DBUS_SESSION_BUS_ADDRESS` is set, or `$XDG_RUNTIME_DIR/bus` exists); both are checked on each
/// use, so a session that appears later is picked up. `notify-send` is given a bounded time to
/// finish and killed after it.
public final class DesktopNotifier: Sendable {
  /// How insistent a notification is; the desktop decides what each level means.
  public enum Urgency: String, Sendable, CaseIterable {
    /// Background information.
    case low
    /// The usual level.
    case normal
    /// Stays on screen until dismissed: arrival at the rider's station.
    case critical
  }

  /// The program run to show a notification.
  public static let programName = "notify-send"
  /// What to do when ``programName`` is missing.
  public static let installHint = "sudo apt-get install libnotify-bin"

  /// The application name the notifications carry.
  public let applicationName: String
  /// How long `notify-send` may run before it is killed.
  public let timeout: Duration
  private let host: HostSystem
  private let runner: any ProcessRunner

  /// A notifier for `applicationName` on `host`, running programs with `runner`.
  public init(
    applicationName: String = "beacon-toolkit", timeout: Duration = .seconds(3), host: HostSystem = .live,
    runner: any ProcessRunner = SpawnProcessRunner()
  ) {
    self.applicationName = applicationName
    self.timeout = timeout
    self.host = host
    self.runner = runner
  }

  /// Whether notifications can be shown now.
  public var availability: ChannelAvailability {
    switch resolve() {
    case .success(let path): .available(detail: "\(Self.programName) at \(path)")
    case .failure(let reason): .unavailable(reason)
    }
  }

  /// The arguments given to `notify-send` (after its own name) for one notification.
  ///
  /// `--` ends the options, so a title or body starting with `-` is shown as it is.
  public func arguments(title: String, body: String, urgency: Urgency) -> [String] {
    ["--urgency=\(urgency.rawValue)", "--app-name=\(applicationName)", "--", title, body]
  }

  /// Shows a notification; ``Urgency/critical`` by default, as for arrival.
  /// - Throws: ``ChannelDeliveryError`` when it cannot be shown, among them
  ///   ``ChannelDeliveryError/timedOut(program:timeout:)`` when `notify-send` was still running
  ///   after ``timeout`` and was stopped.
  public func notify(title: String, body: String, urgency: Urgency = .critical) throws(ChannelDeliveryError) {
    let path: String
    switch resolve() {
    case .success(let found): path = found
    case .failure(let reason): throw .unavailable(reason)
    }
    try HelperProgram(path: path, runner: runner, timeout: timeout)
      .run(arguments(title: title, body: body, urgency: urgency))
  }

  private func resolve() -> Result<String, ChannelUnavailableReason> {
    guard let path = ExecutableSearch(host: host).locate(Self.programName) else {
      return .failure(.programMissing(program: Self.programName, installHint: Self.installHint))
    }
    guard hasSessionBus else { return .failure(.noSessionBus) }
    return .success(path)
  }

  private var hasSessionBus: Bool {
    if let address = host.variables["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    guard let runtime = host.variables["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    return host.fileExists(runtime + "/bus")
  }
}
