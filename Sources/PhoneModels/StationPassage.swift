import BluetoothTypes
import MRTNavigation

/// A station's beacon heard by the capture without a gap longer than the finder's exit period:
/// one visit of the station, from its first report to its last.
public struct StationPassage: Hashable, Sendable {
  public var station: Station
  public var firstReport: Timestamp
  public var lastReport: Timestamp

  public init(station: Station, firstReport: Timestamp, lastReport: Timestamp) {
    self.station = station
    self.firstReport = firstReport
    self.lastReport = lastReport
  }

  /// How long the capture heard the station, in seconds.
  public var dwellSeconds: Double { lastReport.milliseconds(since: firstReport) / 1000 }

  /// Whether a station event at `time` comes from this visit: from its first report up to
  /// `lateMilliseconds` (the longest a phone holds a report) after its last.
  func covers(_ time: Timestamp, lateMilliseconds: Double) -> Bool {
    time >= firstReport && time <= lastReport.adding(milliseconds: lateMilliseconds)
  }
}
