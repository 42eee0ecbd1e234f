import BluetoothTypes

/// How far the reports of one advertising-report event could be read.
///
/// Reports follow one another, so once one is cut short the rest cannot be located: the
/// reports before it were delivered, and ``problem`` and ``missingReportCount`` say what was
/// lost. Bytes after the last announced report are a ``problem`` too, with nothing missing.
public struct AdvertisingReportOutcome: Hashable, Sendable {
  /// Num_Reports: how many reports the event announced.
  public var announcedReportCount: Int
  /// Why reading stopped early or what was wrong after the last report, if anything.
  public var problem: ByteDecodingError?
  /// How many of the announced reports could not be read.
  public var missingReportCount: Int

  public init(announcedReportCount: Int, problem: ByteDecodingError? = nil, missingReportCount: Int = 0) {
    self.announcedReportCount = announcedReportCount
    self.problem = problem
    self.missingReportCount = missingReportCount
  }
}
