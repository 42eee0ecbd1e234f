/// Scanning_Filter_Policy (Core v5.4 Vol 4 Part E §7.8.10, §7.8.64).
public struct ScanningFilterPolicy: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Basic unfiltered: accept all advertising packets except directed ones not addressed to us.
  public static let basicUnfiltered = ScanningFilterPolicy(rawValue: 0x00)
  /// Basic filtered: accept only packets from devices in the Filter Accept List.
  public static let basicFiltered = ScanningFilterPolicy(rawValue: 0x01)
  /// Extended unfiltered: as basic unfiltered, also accepting directed packets whose target
  /// is a resolvable private address.
  public static let extendedUnfiltered = ScanningFilterPolicy(rawValue: 0x02)
  /// Extended filtered: as basic filtered, also accepting directed packets whose target is a
  /// resolvable private address.
  public static let extendedFiltered = ScanningFilterPolicy(rawValue: 0x03)
}
