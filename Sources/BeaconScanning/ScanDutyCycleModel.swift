import Beacons
import BluetoothTypes

/// Which of a capture's reports a scanner listening only part of the time would have heard: the
/// model behind `detection-sweep`'s duty sweep.
///
/// At a duty below 100 % the controller listens in windows of ``dutyPercent`` of each interval,
/// one every interval (a ``ScanWindowGrid``, which says what the model leaves out and why the
/// windows slide). The first window starts ``phase`` (a share of an interval) before the first
/// report, so that several phases, each deterministic, show how much the outcome depends on where
/// the windows fall.
public struct ScanDutyCycleModel: Sendable {
  /// How often a window starts, in milliseconds (before the slide).
  public var intervalMilliseconds: Double
  /// The share of each interval spent listening, in percent: 100 hears every report.
  public var dutyPercent: Double
  /// Where the windows fall: the first starts this share of an interval (0 up to 1) before the
  /// first report.
  public var phase: Double

  public init(intervalMilliseconds: Double, dutyPercent: Double, phase: Double = 0) {
    self.intervalMilliseconds = intervalMilliseconds
    self.dutyPercent = dutyPercent
    self.phase = phase
  }

  /// `count` phases evenly spread over an interval: 0, 1/count, 2/count, …
  public static func phases(_ count: Int) -> [Double] {
    (0..<max(count, 1)).map { Double($0) / Double(max(count, 1)) }
  }

  /// The windows this duty listens in.
  public var windows: ScanWindowGrid {
    ScanWindowGrid(
      windowMilliseconds: intervalMilliseconds * dutyPercent / 100, intervalMilliseconds: intervalMilliseconds,
      phase: phase)
  }

  /// Whether a report at `time` falls inside a window, the windows laid from `origin`.
  public func hears(_ time: Timestamp, origin: Timestamp) -> Bool {
    windows.contains(time, origin: origin)
  }

  /// The sightings a scanner at this duty would have heard, in their order; the windows are laid
  /// from the first sighting.
  public func heard(_ sightings: [BeaconSighting]) -> [BeaconSighting] {
    guard let origin = sightings.first?.time else { return [] }
    return sightings.filter { hears($0.time, origin: origin) }
  }
}
