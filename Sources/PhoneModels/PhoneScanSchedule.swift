/// When a phone listens and how it hands what it heard to the app: the radio's windows (the OS's
/// scan mode), the library's cycle of scanning and pausing around them, and the delivery.
public struct PhoneScanSchedule: Hashable, Sendable {
  /// How long each of the radio's windows listens, in milliseconds.
  public var windowMilliseconds: Double
  /// How often a window starts, in milliseconds.
  public var intervalMilliseconds: Double
  /// The library's scan cycle: it scans this long, then pauses ``pauseMilliseconds``; `nil` when
  /// the app scans without a library cycle.
  public var cycleMilliseconds: Double?
  /// The pause after each scan cycle (the Android Beacon Library's "between scan period"). With a
  /// pause each cycle starts a new scan, and the radio's first window opens at its start; without
  /// one the scan runs on and its windows keep their grid.
  public var pauseMilliseconds: Double
  /// How received reports reach the app.
  public var delivery: PhoneDelivery
  /// What the OS turns a scan into once it has run this long: Android 13 downgrades a filtered
  /// scan to LOW_POWER after 30 minutes (`regularScanTimeout` in ScanManager). `nil`: never.
  public var downgrade: Downgrade?

  /// A scan's windows after it has run ``afterMilliseconds``.
  public struct Downgrade: Hashable, Sendable {
    public var afterMilliseconds: Double
    public var windowMilliseconds: Double
    public var intervalMilliseconds: Double

    public init(afterMilliseconds: Double, windowMilliseconds: Double, intervalMilliseconds: Double) {
      self.afterMilliseconds = afterMilliseconds
      self.windowMilliseconds = windowMilliseconds
      self.intervalMilliseconds = intervalMilliseconds
    }
  }

  public init(
    windowMilliseconds: Double, intervalMilliseconds: Double, cycleMilliseconds: Double? = nil,
    pauseMilliseconds: Double = 0, delivery: PhoneDelivery = .eachReport, downgrade: Downgrade? = nil
  ) {
    self.windowMilliseconds = windowMilliseconds
    self.intervalMilliseconds = intervalMilliseconds
    self.cycleMilliseconds = cycleMilliseconds
    self.pauseMilliseconds = pauseMilliseconds
    self.delivery = delivery
    self.downgrade = downgrade
  }

  /// The longest a received report waits before the app has it, in milliseconds: what a station
  /// noticed from a report heard in its last moment may come after (the cycle's end, the ranging
  /// tick, the look's end).
  public var longestDeliveryDelayMilliseconds: Double {
    switch delivery {
    case .eachReport: return 0
    case .cycleEnd: return cycleMilliseconds ?? 0
    case .ranging(let period): return period
    case .regionEntry(let period, _, _): return max(period, windowMilliseconds)
    }
  }
}
