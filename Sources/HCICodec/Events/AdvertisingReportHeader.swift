import BluetoothTypes

/// Everything of one advertising report except its data, legacy or extended alike.
///
/// A legacy report (HCI_LE_Advertising_Report) has no PHYs, advertising set, TX power,
/// periodic interval or direct address: it leaves them at the values an extended report uses
/// for "none", and its 8-bit Event_Type is held in ``eventType`` as it was sent.
public struct AdvertisingReportHeader: Hashable, Sendable {
  /// Which event the report came in.
  public var format: AdvertisingReportFormat
  /// Event_Type: the legacy report's 8 bits, or the extended report's 16.
  public var eventType: UInt16
  public var addressType: LEAddressType
  public var address: BluetoothAddress
  /// RSSI in dBm, or `nil` when the controller reported 127 (not available).
  public var rssi: Int8?
  /// Primary_PHY: ``LEPHY/le1M`` or ``LEPHY/leCoded`` (another value is kept as it came).
  public var primaryPHY: LEPHY = .le1M
  /// Secondary_PHY: ``LEPHY/none``, ``LEPHY/le1M``, ``LEPHY/le2M`` or ``LEPHY/leCoded``.
  public var secondaryPHY: LEPHY = .none
  /// Advertising_SID, 0xFF when none.
  public var advertisingSID: UInt8 = 0xFF
  /// TX_Power in dBm as the advertiser states it, or `nil` for 127 (not available).
  public var txPower: Int8?
  /// Periodic_Advertising_Interval in units of 1.25 ms (0 = none).
  public var periodicAdvertisingInterval: UInt16 = 0
  public var directAddressType: LEAddressType = .public
  public var directAddress = BluetoothAddress(rawValue: 0)

  /// A header with the fields every report has; the extended-only fields say "none".
  @inlinable
  public init(
    format: AdvertisingReportFormat, eventType: UInt16, addressType: LEAddressType, address: BluetoothAddress,
    rssi: Int8?
  ) {
    self.format = format
    self.eventType = eventType
    self.addressType = addressType
    self.address = address
    self.rssi = rssi
  }

  /// Whether this report holds all of its advertisement's data, or only part of it. Legacy
  /// reports are always complete; extended ones say so in Event_Type bits 5–6.
  @inlinable
  public var dataStatus: LEExtendedAdvertisingReport.DataStatus {
    format == .legacy ? .complete : LEExtendedAdvertisingReport.EventType(rawValue: eventType).dataStatus
  }
}
