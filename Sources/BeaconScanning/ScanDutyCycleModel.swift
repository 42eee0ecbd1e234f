import Beacons
import BluetoothTypes

/// Which of a capture's reports a scanner listening only part of the time would have heard: the
/// model behind `detection-sweep`'s duty sweep.
///
/// A capture recorded at 100 % duty holds every advert the scanner received. At a lower duty the
/// controller listens in windows of ``dutyPercent`` of each interval, one every interval; a report
/// is kept only when its time falls inside a window. The first window starts
/// ``phase`` (a share of an interval) before the first report, so that several phases, each
/// deterministic, show how much the outcome depends on where the windows fall.
///
/// The windows are laid ``advertisingSlide`` longer than the interval apart (100.5 ms for
/// 100 ms), which slides them 5 ms a second against an advertiser on any grid of whole interval
/// multiples. A real advertiser slides by itself: the spec adds a random advDelay of 0–10 ms to
/// every advertising event (Core spec Vol 6 Part B 4.4.2.2.1), 5 ms an event on average, so no
/// beacon stays in step with a scanner's windows. The ride fixtures' adverts lie on a fixed grid
/// of 500 or 1000 ms with 0–10 ms of jitter that does not add up; windows on an exact 100 ms grid
/// would hear a station's every advert or none of them at a given phase, which no compliant
/// beacon does. 5 ms a second is a beacon advertising every second; one advertising faster slides
/// faster (10 ms a second at 500 ms), which makes the deaf stretches shorter, so the model errs
/// on the side of late.
///
/// What it leaves out: the channel a window listens on (a scanner moves from 37 to 38 to 39 each
/// interval, and an advertiser sends on all three within a few milliseconds, so an advert inside
/// a window is heard on the window's channel); the time the controller needs to switch channels;
/// and any report the Wi-Fi would have cost at 100 % duty (the reason to scan less).
public struct ScanDutyCycleModel: Sendable {
  /// How often a window starts, in milliseconds (before the slide).
  public var intervalMilliseconds: Double
  /// The share of each interval spent listening, in percent: 100 hears every report.
  public var dutyPercent: Double
  /// Where the windows fall: the first starts this share of an interval (0 up to 1) before the
  /// first report.
  public var phase: Double

  /// How much longer than the interval the windows are apart: 0.5 %, a slide of 5 ms a second.
  public static let advertisingSlide = 0.005

  public init(intervalMilliseconds: Double, dutyPercent: Double, phase: Double = 0) {
    self.intervalMilliseconds = intervalMilliseconds
    self.dutyPercent = dutyPercent
    self.phase = phase
  }

  /// `count` phases evenly spread over an interval: 0, 1/count, 2/count, …
  public static func phases(_ count: Int) -> [Double] {
    (0..<max(count, 1)).map { Double($0) / Double(max(count, 1)) }
  }

  /// Whether a report at `time` falls inside a window, the windows laid from `origin`.
  public func hears(_ time: Timestamp, origin: Timestamp) -> Bool {
    guard dutyPercent < 100 else { return true }
    let elapsedMilliseconds = Double(time.microsecondsSinceUnixEpoch - origin.microsecondsSinceUnixEpoch) / 1000
    let period = intervalMilliseconds * (1 + Self.advertisingSlide)
    let position = (elapsedMilliseconds / period + phase).truncatingRemainder(dividingBy: 1)
    return (position < 0 ? position + 1 : position) < dutyPercent / 100
  }

  /// The sightings a scanner at this duty would have heard, in their order; the windows are laid
  /// from the first sighting.
  public func heard(_ sightings: [BeaconSighting]) -> [BeaconSighting] {
    guard let origin = sightings.first?.time else { return [] }
    return sightings.filter { hears($0.time, origin: origin) }
  }
}
