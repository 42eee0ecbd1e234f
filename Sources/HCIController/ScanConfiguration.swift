/// How to scan: passive or active, how often and how long, and whether the controller should
/// drop duplicate reports.
///
/// Times are in milliseconds and are rounded to the spec's 0.625 ms units when scanning
/// starts; values outside what the command set allows fail there with
/// ``ControllerError/invalidParameter(_:)``.
public struct ScanConfiguration: Hashable, Sendable {
  /// Send scan requests (active) or only listen (passive). Beacons need only passive.
  public var active: Bool
  /// LE_Scan_Interval / Scan_Interval: how often a scan window starts, in milliseconds.
  public var intervalMilliseconds: Double
  /// LE_Scan_Window / Scan_Window: how long each window lasts; at most the interval.
  public var windowMilliseconds: Double
  /// Filter_Duplicates: report each advertiser once. Off by default, since a beacon scanner
  /// wants every packet for RSSI over time.
  public var filterDuplicates: Bool

  /// The share of the time spent listening, in percent: the window over the interval (100 when
  /// the window is the interval). On a Raspberry Pi, whose Wi-Fi shares the 2.4 GHz radio with
  /// Bluetooth, less than 100 % leaves the Wi-Fi its turns.
  public var dutyPercent: Double { windowMilliseconds / intervalMilliseconds * 100 }

  /// By default passive, 100 ms windows every 100 ms (listening all the time), every report.
  public init(
    active: Bool = false, intervalMilliseconds: Double = 100, windowMilliseconds: Double = 100,
    filterDuplicates: Bool = false
  ) {
    self.active = active
    self.intervalMilliseconds = intervalMilliseconds
    self.windowMilliseconds = windowMilliseconds
    self.filterDuplicates = filterDuplicates
  }
}
