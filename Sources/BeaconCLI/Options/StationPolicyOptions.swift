import ArgumentParser
import Beacons
import MRTNavigation

/// The station-detection constants, for field tuning; the defaults are the documented ones.
public struct StationPolicyOptions: ParsableArguments {
  @Option(
    name: .customLong("enter-rssi"), parsing: .unconditional,
    help: ArgumentHelp(
      "A station is found when its smoothed RSSI reaches this (dBm) for --enter-reports reports in a row (default: \(StationPresencePolicy().enterThreshold)).",
      valueName: "dBm"))
  public var enterThreshold: Double?

  @Option(
    name: .customLong("enter-reports"),
    help: ArgumentHelp(
      "Reports in a row above --enter-rssi needed (default: \(StationPresencePolicy().enterReportCount)).",
      valueName: "n"))
  public var enterReportCount: Int?

  @Option(
    name: .customLong("exit-rssi"), parsing: .unconditional,
    help: ArgumentHelp(
      "A station is left when its smoothed RSSI falls below this (dBm), or it is not heard for --lost-after (default: \(StationPresencePolicy().exitThreshold)).",
      valueName: "dBm"))
  public var exitThreshold: Double?

  @Option(
    name: .customLong("lost-after"),
    help: ArgumentHelp(
      "Seconds without a report after which a beacon counts as gone (default: \(BeaconRanging.Configuration().exitPeriod.components.seconds)).",
      valueName: "seconds"))
  public var lostAfter: Double?

  @Option(
    name: .customLong("policy-file"),
    help: ArgumentHelp(
      "A JSON file of detection constants (enterRSSI, enterReports, exitRSSI, lostAfterSeconds, maximumPlausibleSkip, minimumSecondsPerStop); options above win over it.",
      valueName: "file"))
  public var policyFile: String?

  public init() {}

  /// The file's constants, if a file was given.
  func file() throws -> StationPolicyFile? {
    guard let policyFile else { return nil }
    do {
      return try StationPolicyFile.load(path: policyFile)
    } catch {
      throw ValidationError(error.description)
    }
  }

  public func validate() throws {
    if let enterThreshold, let exitThreshold, exitThreshold > enterThreshold {
      throw ValidationError("--exit-rssi must not be above --enter-rssi: the gap between them stops flapping.")
    }
    if let enterReportCount, enterReportCount < 1 { throw ValidationError("--enter-reports must be at least 1.") }
    if let lostAfter, !(lostAfter > 0) { throw ValidationError("--lost-after must be a positive number of seconds.") }
  }

  public func policy() throws -> StationPresencePolicy {
    var policy = StationPresencePolicy()
    if let file = try file() {
      if let value = file.enterRSSI { policy.enterThreshold = value }
      if let value = file.enterReports { policy.enterReportCount = value }
      if let value = file.exitRSSI { policy.exitThreshold = value }
      if let value = file.maximumPlausibleSkip { policy.maximumPlausibleSkip = value }
      if let value = file.minimumSecondsPerStop {
        policy.minimumTimePerStop = .milliseconds(Int64((value * 1000).rounded()))
      }
    }
    if let enterThreshold { policy.enterThreshold = enterThreshold }
    if let enterReportCount { policy.enterReportCount = enterReportCount }
    if let exitThreshold { policy.exitThreshold = exitThreshold }
    return policy
  }

  public func rangingConfiguration() throws -> BeaconRanging.Configuration {
    var configuration = BeaconRanging.Configuration()
    if let value = try file()?.lostAfterSeconds {
      configuration.exitPeriod = .milliseconds(Int64((value * 1000).rounded()))
    }
    if let lostAfter { configuration.exitPeriod = .milliseconds(Int64((lostAfter * 1000).rounded())) }
    return configuration
  }
}
