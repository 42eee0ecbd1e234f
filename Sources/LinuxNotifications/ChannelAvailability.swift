/// Whether a notification channel can be used, found at run time.
public enum ChannelAvailability: Sendable, Equatable, CustomStringConvertible {
  /// It can be used; `detail` says with what ("notify-send at /usr/bin/notify-send").
  case available(detail: String)
  /// It cannot be used, and why.
  case unavailable(ChannelUnavailableReason)

  /// Whether the channel can be used.
  public var isAvailable: Bool {
    if case .available = self { return true }
    return false
  }

  /// Why the channel cannot be used, or `nil` when it can.
  public var reason: ChannelUnavailableReason? {
    if case .unavailable(let reason) = self { return reason }
    return nil
  }

  public var description: String {
    switch self {
    case .available(let detail): "available (\(detail))"
    case .unavailable(let reason): "unavailable: \(reason)"
    }
  }
}
