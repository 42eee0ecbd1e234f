import ArgumentParser
import Beacons
import MRTNavigation
import StationCatalogs

/// The station-detection constants, for field tuning; the defaults are the documented ones.
/// Each value is checked against its ``ValueRange`` as it is parsed, from the command line or
/// from `--policy-file`.
public struct StationPolicyOptions: ParsableArguments {
  @Option(
    name: .customLong("enter-rssi"), parsing: .unconditional,
    help: ArgumentHelp(
      "A station is found when its smoothed RSSI reaches this (dBm) for --enter-reports reports in a row; \(ValueRange.rssi), above --exit-rssi (default: \(ValueRange.format(StationPresencePolicy().enterThreshold))).",
      valueName: "dBm"),
    transform: ValueRange.rssi.parse)
  public var enterThreshold: Double?

  @Option(
    name: .customLong("enter-reports"), parsing: .unconditional,
    help: ArgumentHelp(
      "Reports in a row above --enter-rssi needed; \(ValueRange.reportCount) (default: \(StationPresencePolicy().enterReportCount)).",
      valueName: "n"),
    transform: ValueRange.reportCount.parseInteger)
  public var enterReportCount: Int?

  @Option(
    name: .customLong("exit-rssi"), parsing: .unconditional,
    help: ArgumentHelp(
      "A station is left when its smoothed RSSI falls below this (dBm), or it is not heard for --lost-after; \(ValueRange.rssi), below --enter-rssi (default: \(ValueRange.format(StationPresencePolicy().exitThreshold))).",
      valueName: "dBm"),
    transform: ValueRange.rssi.parse)
  public var exitThreshold: Double?

  @Option(
    name: .customLong("lost-after"), parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds without a report after which a beacon counts as gone; \(ValueRange.lostAfterSeconds) (default: \(BeaconRanging.Configuration().exitPeriod.components.seconds)).",
      valueName: "seconds"),
    transform: ValueRange.lostAfterSeconds.parse)
  public var lostAfter: Double?

  @Option(
    name: .customLong("policy-file"),
    help: ArgumentHelp(
      "A JSON file of detection constants (enterRSSI, enterReports, exitRSSI, lostAfterSeconds, maximumPlausibleSkip, minimumSecondsPerStop; the ranges of the options, see the Detection article); options above win over it.",
      valueName: "file"))
  public var policyFile: String?

  public init() {}

  /// The file's constants, if a file was given.
  func file() throws(StationPolicyFileError) -> StationPolicyFile? {
    guard let policyFile else { return nil }
    return try StationPolicyFile.load(path: policyFile)
  }

  public func validate() throws {
    try Self.checkThresholds(enter: enterThreshold, exit: exitThreshold)
  }

  /// Refuses an exit threshold above the enter one, the defaults standing in for what is not given.
  private static func checkThresholds(enter: Double?, exit: Double?) throws(ValidationError) {
    let defaults = StationPresencePolicy()
    let enterThreshold = enter ?? defaults.enterThreshold
    let exitThreshold = exit ?? defaults.exitThreshold
    guard exitThreshold <= enterThreshold else {
      let exitText = ValueRange.format(exitThreshold) + (exit == nil ? ", its default" : "")
      let enterText = ValueRange.format(enterThreshold) + (enter == nil ? ", its default" : "")
      throw ValidationError(
        "--exit-rssi (\(exitText)) must not be above --enter-rssi (\(enterText)): the gap between them stops flapping."
      )
    }
  }

  /// The policy: the defaults, then the file's constants, then the options'. A file whose exit
  /// threshold is above its enter one is refused as the file's problem (exit 65), a mix of the
  /// file and the options as the command line's (exit 64).
  public func policy() throws -> StationPresencePolicy {
    var policy = StationPresencePolicy()
    if let file = try file() {
      if let value = file.enterRSSI { policy.enterThreshold = value }
      if let value = file.enterReports { policy.enterReportCount = value }
      if let value = file.exitRSSI { policy.exitThreshold = value }
      if let value = file.maximumPlausibleSkip { policy.maximumPlausibleSkip = value }
      if let value = file.minimumTimePerStop { policy.minimumTimePerStop = value }
      if let policyFile, policy.exitThreshold > policy.enterThreshold {
        throw StationPolicyFileError.invalid(
          policyFile,
          "\"exitRSSI\" (\(ValueRange.format(policy.exitThreshold))) must not be above \"enterRSSI\" (\(ValueRange.format(policy.enterThreshold)))"
        )
      }
    }
    if let enterThreshold { policy.enterThreshold = enterThreshold }
    if let enterReportCount { policy.enterReportCount = enterReportCount }
    if let exitThreshold { policy.exitThreshold = exitThreshold }
    try Self.checkThresholds(enter: policy.enterThreshold, exit: policy.exitThreshold)
    return policy
  }

  public func rangingConfiguration() throws -> BeaconRanging.Configuration {
    var configuration = BeaconRanging.Configuration()
    if let value = try file()?.lostAfter { configuration.exitPeriod = value }
    if let lostAfter { configuration.exitPeriod = .milliseconds(ofSeconds: lostAfter) }
    return configuration
  }
}
