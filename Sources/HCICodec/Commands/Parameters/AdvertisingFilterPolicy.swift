/// Advertising_Filter_Policy (Core v5.4 Vol 4 Part E §7.8.5, §7.8.53).
public struct AdvertisingFilterPolicy: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Process scan and connection requests from all devices (Filter Accept List not in use).
  public static let processAll = AdvertisingFilterPolicy(rawValue: 0x00)
  /// Connection requests from all devices; scan requests only from the Filter Accept List.
  public static let filterScanRequests = AdvertisingFilterPolicy(rawValue: 0x01)
  /// Scan requests from all devices; connection requests only from the Filter Accept List.
  public static let filterConnectionRequests = AdvertisingFilterPolicy(rawValue: 0x02)
  /// Scan and connection requests only from the Filter Accept List.
  public static let filterScanAndConnectionRequests = AdvertisingFilterPolicy(rawValue: 0x03)
}
