import BluetoothTypes

/// The two events that carry advertising reports: legacy and extended. ``AdvertisingReportDecoder``
/// reads their reports.
public enum AdvertisingReportFormat: Hashable, Sendable {
  /// HCI_LE_Advertising_Report (Core spec Vol 4, Part E, 7.7.65.2).
  case legacy
  /// HCI_LE_Extended_Advertising_Report (Core spec Vol 4, Part E, 7.7.65.13).
  case extended

  /// The format of an LE Meta subevent, or `nil` when it carries no advertising reports.
  @inlinable
  public init?(subevent: LEMetaSubeventCode) {
    switch subevent {
    case .advertisingReport: self = .legacy
    case .extendedAdvertisingReport: self = .extended
    default: return nil
    }
  }

  /// The event's name as the Core specification writes it, for error messages.
  public var eventName: String {
    switch self {
    case .legacy: return "HCI_LE_Advertising_Report"
    case .extended: return "HCI_LE_Extended_Advertising_Report"
    }
  }
}
