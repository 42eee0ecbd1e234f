import ArgumentParser
import Beacons
import ScanSession
import Testing

@testable import BeaconCLI

/// `beacon-scan`'s ranging options as parsed: what reaches the ranging, and the combinations
/// refused. The bad numbers are OutOfRangeNumbers' cases.
@Suite struct RangingOptionsTests {
  private func scan(_ arguments: [String]) throws -> BeaconScanCommand {
    try #require(try BeaconScanCommand.parseAsRoot(["--replay", "x.btsnoop"] + arguments) as? BeaconScanCommand)
  }

  @Test func offsetAndExponentReachTheRangingWithTheDetectionOptions() throws {
    let command = try scan(["--rssi-offset", "-7.5", "--path-loss-exponent", "1.8", "--lost-after", "30"])
    let configuration = try command.rangingConfiguration()
    #expect(configuration.rssiOffset == -7.5)
    #expect(configuration.pathLossExponent == 1.8)
    #expect(configuration.exitPeriod == .seconds(30))
    // An offset given: the receiver is calibrated, and its interval the calibrated one.
    #expect(configuration.rssiSpread == BeaconRanging.Configuration.calibratedRSSISpread)
    #expect(try scan([]).rangingConfiguration().rssiSpread == BeaconRanging.Configuration.uncalibratedRSSISpread)
  }

  @Test func theRideTakesTheReceiverOptionsToo() throws {
    let ride = try #require(
      try BeaconRideCommand.parseAsRoot(["--replay", "x.btsnoop", "--rssi-offset", "4", "--path-loss-exponent", "2"])
        as? BeaconRideCommand)
    let configuration = ride.receiverOptions.configured(try ride.policyOptions.rangingConfiguration())
    #expect(configuration.rssiOffset == 4)
    #expect(configuration.pathLossExponent == 2)
  }

  @Test func withoutThemTheDefaultsStand() throws {
    let command = try scan([])
    #expect(try command.rangingConfiguration() == BeaconRanging.Configuration())
    #expect(!command.rangingOptions.ranging)
    #expect(command.rangingOptions.calibrate == nil)
  }

  @Test func theLimitsAreAccepted() throws {
    for (option, value) in [
      ("--rssi-offset", "-60"), ("--rssi-offset", "60"), ("--path-loss-exponent", "1"),
      ("--path-loss-exponent", "6"), ("--calibrate", "0.1"), ("--calibrate", "100"),
    ] {
      _ = try scan([option, value])
    }
    #expect(try scan(["--calibrate", "2.5"]).rangingOptions.calibrate == 2.5)
  }

  @Test(arguments: [
    (["--calibrate", "1", "--table"], "--calibrate prints one calibration at the end"),
    (["--calibrate", "1", "--ranging"], "--calibrate prints one calibration at the end"),
    (["--calibrate", "1", "--summary"], "--calibrate prints one calibration at the end"),
    (["--ranging", "--summary"], "--ranging adds to each report's line and to --table"),
    (["--ranging", "--notify"], "--ranging adds to each report's line and to --table"),
  ])
  func combinationsThatShowNothingAreRefused(arguments: [String], message: String) {
    do {
      _ = try scan(arguments)
      Issue.record("\(arguments) was accepted")
    } catch {
      #expect(BeaconScanCommand.message(for: error).hasPrefix(message), "\(arguments)")
      #expect(BeaconScanCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
    }
  }

  @Test func rangingGoesWithLinesAndTheTable() throws {
    #expect(try scan(["--ranging", "--format", "json"]).rangingOptions.ranging)
    #expect(try scan(["--ranging", "--table"]).rangingOptions.ranging)
  }
}
