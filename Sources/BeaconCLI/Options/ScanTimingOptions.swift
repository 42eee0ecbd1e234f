import ArgumentParser
import HCIController
import StationCatalogs

/// `--scan-interval`, `--scan-window` and `--duty`: how much of the time a live controller
/// listens, for `beacon-scan` and `beacon-ride`.
///
/// By default the window is the interval (100 ms each): 100 % duty, every advert heard. On a
/// Raspberry Pi, Bluetooth and Wi-Fi share one 2.4 GHz radio, and continuous scanning starves
/// the Wi-Fi; `--duty` (the window as a share of the interval) leaves it its turns. `--duty` and
/// `--scan-window` say the same thing two ways, so only one of them may be given. The older
/// names `--interval` and `--window` still work. A capture has no controller to scan: the
/// commands refuse these options on a replay (``namesGiven``).
public struct ScanTimingOptions: ParsableArguments {
  @Option(
    name: [.customLong("scan-interval"), .customLong("interval")], parsing: .unconditional,
    help: ArgumentHelp(
      "How often a scan window starts, in milliseconds, \(ValueRange.scanMilliseconds) (default: \(ValueRange.format(Self.defaultInterval))).",
      valueName: "ms"),
    transform: ValueRange.scanMilliseconds.parse)
  public var interval: Double?

  @Option(
    name: [.customLong("scan-window"), .customLong("window")], parsing: .unconditional,
    help: ArgumentHelp(
      "How long each scan window listens, in milliseconds, \(ValueRange.scanMilliseconds) and at most the interval (default: the interval, 100 % duty).",
      valueName: "ms"),
    transform: ValueRange.scanMilliseconds.parse)
  public var window: Double?

  @Option(
    name: .customLong("duty"), parsing: .unconditional,
    help: ArgumentHelp(
      "Listen this share of each scan interval, \(ValueRange.dutyPercent): the window is the interval times the duty (e.g. --duty 25: 25 ms of every 100 ms). Less than 100 leaves a Raspberry Pi's Wi-Fi, which shares the radio, its turns; the Detection article measures what it costs. Not with --scan-window.",
      valueName: "percent"),
    transform: ValueRange.dutyPercent.parse)
  public var duty: Double?

  /// The interval without `--scan-interval`: ``ScanConfiguration``'s.
  static let defaultInterval = ScanConfiguration().intervalMilliseconds

  public init() {}

  /// The options given, by the names they were given under, for a refusal on a replay.
  var namesGiven: [String] {
    [("--scan-interval", interval), ("--scan-window", window), ("--duty", duty)].compactMap { $0.1 == nil ? nil : $0.0 }
  }

  /// The options given, as ``namesGiven``, when they change the scan from the default (100 ms
  /// windows every 100 ms): those that shape a scan of our own. `--duty 100`, which the service
  /// units pass, shapes nothing, so it leaves a device that bluetoothd powers to bluetoothd and
  /// is taken with `-i monitor`.
  var shapingNames: [String] {
    let (interval, window) = intervalAndWindow
    return interval == Self.defaultInterval && window == Self.defaultInterval ? [] : namesGiven
  }

  /// The interval and the window in milliseconds, as given or as `--duty` makes them.
  var intervalAndWindow: (interval: Double, window: Double) {
    let interval = interval ?? Self.defaultInterval
    if let duty { return (interval, interval * duty / 100) }
    return (interval, window ?? interval)
  }

  /// A ``ScanConfiguration`` with this timing.
  func configuration(active: Bool = false, filterDuplicates: Bool = false) -> ScanConfiguration {
    let (interval, window) = intervalAndWindow
    return ScanConfiguration(
      active: active, intervalMilliseconds: interval, windowMilliseconds: window, filterDuplicates: filterDuplicates)
  }

  /// Refuses a window longer than the interval, `--duty` beside `--scan-window`, and a duty whose
  /// window would be shorter than the shortest the controller takes.
  public func validate() throws {
    let interval = interval ?? Self.defaultInterval
    let intervalText =
      "--scan-interval (\(ValueRange.format(interval)) ms\(self.interval == nil ? ", its default" : ""))"
    if let duty {
      guard window == nil else {
        throw ValidationError(
          "--duty \(ValueRange.format(duty)) and --scan-window both set the window: give one of them.")
      }
      let window = interval * duty / 100
      guard ValueRange.scanMilliseconds.contains(window) else {
        throw ValidationError(
          "--duty \(ValueRange.format(duty)) of \(intervalText) is a \(ValueRange.format(window)) ms window; "
            + "a window must be \(ValueRange.scanMilliseconds): raise --duty or --scan-interval.")
      }
    }
    if let window, window > interval {
      throw ValidationError("--scan-window (\(ValueRange.format(window)) ms) must be at most \(intervalText).")
    }
  }

  /// Refuses these options without a live controller: a capture was scanned when it was
  /// recorded; `reason` says why there is none.
  func check(live: Bool, reason: String = "a replay shows what was recorded") throws {
    if !live, let name = namesGiven.first {
      throw ValidationError("\(name) needs a live controller (-i DEVICE); \(reason).")
    }
  }
}
