import ArgumentParser
import HCIController
import ScanSession
import Testing

@testable import BeaconCLI

/// `--scan-interval`, `--scan-window` and `--duty` on the commands that scan: the configuration
/// each makes, and the contradictions and sources refused (exit 64) with what to do.
@Suite struct ScanTimingOptionsTests {
  static let live = ["-i", "tcp:127.0.0.1:9"]

  /// The scan configuration `beacon-scan` and `beacon-ride` would start with.
  static func configurations(_ arguments: [String]) throws -> [ScanConfiguration] {
    let scan = try #require(try BeaconScanCommand.parseAsRoot(live + arguments) as? BeaconScanCommand)
    let ride = try #require(try BeaconRideCommand.parseAsRoot(live + arguments) as? BeaconRideCommand)
    return [scan.scanTiming.configuration(), ride.scanTiming.configuration()]
  }

  /// The one-line message both commands refuse `arguments` with, and that the status is 64.
  static func refusals(_ arguments: [String]) -> [String] {
    var messages: [String] = []
    do {
      _ = try BeaconScanCommand.parseAsRoot(arguments)
      Issue.record("beacon-scan \(arguments) was accepted")
    } catch {
      #expect(BeaconScanCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
      messages.append(BeaconScanCommand.message(for: error))
    }
    do {
      _ = try BeaconRideCommand.parseAsRoot(arguments)
      Issue.record("beacon-ride \(arguments) was accepted")
    } catch {
      #expect(BeaconRideCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
      messages.append(BeaconRideCommand.message(for: error))
    }
    return messages
  }

  @Test func theDefaultListensAllTheTime() throws {
    for configuration in try Self.configurations([]) {
      #expect(configuration == ScanConfiguration())
      #expect(configuration.intervalMilliseconds == 100 && configuration.windowMilliseconds == 100)
      #expect(configuration.dutyPercent == 100)
    }
  }

  @Test func dutyMakesTheWindowAShareOfTheInterval() throws {
    for configuration in try Self.configurations(["--duty", "25"]) {
      #expect(configuration.intervalMilliseconds == 100 && configuration.windowMilliseconds == 25)
    }
    for configuration in try Self.configurations(["--scan-interval", "1000", "--duty", "10"]) {
      #expect(configuration.intervalMilliseconds == 1000 && configuration.windowMilliseconds == 100)
      #expect(configuration.dutyPercent == 10)
    }
  }

  @Test func intervalAndWindowAreTakenAsGivenAndTheOldNamesStillWork() throws {
    for arguments in [["--scan-interval", "200", "--scan-window", "50"], ["--interval", "200", "--window", "50"]] {
      for configuration in try Self.configurations(arguments) {
        #expect(configuration.intervalMilliseconds == 200 && configuration.windowMilliseconds == 50)
        #expect(configuration.dutyPercent == 25)
      }
    }
    // A longer interval alone keeps listening all the time: the window follows it.
    for configuration in try Self.configurations(["--scan-interval", "400"]) {
      #expect(configuration.windowMilliseconds == 400)
    }
  }

  @Test func aWindowLongerThanTheIntervalIsRefused() {
    for message in Self.refusals(Self.live + ["--scan-interval", "50", "--scan-window", "100"]) {
      #expect(message == "--scan-window (100 ms) must be at most --scan-interval (50 ms).")
    }
    for message in Self.refusals(Self.live + ["--scan-window", "150"]) {
      #expect(message == "--scan-window (150 ms) must be at most --scan-interval (100 ms, its default).")
    }
  }

  @Test func dutyWithAWindowIsRefused() {
    for message in Self.refusals(Self.live + ["--duty", "25", "--scan-window", "25"]) {
      #expect(message == "--duty 25 and --scan-window both set the window: give one of them.")
    }
  }

  @Test func aDutyWhoseWindowIsTooShortIsRefused() {
    for message in Self.refusals(Self.live + ["--duty", "2"]) {
      #expect(
        message
          == "--duty 2 of --scan-interval (100 ms, its default) is a 2 ms window; a window must be from 2.5 to 10240 ms: raise --duty or --scan-interval."
      )
    }
    #expect(throws: Never.self) { try Self.configurations(["--scan-interval", "250", "--duty", "1"]) }
  }

  @Test func aDutyOutsideItsRangeIsRefusedWithTheRange() {
    for value in ["0", "0.5", "101", "nan", "-25"] {
      for message in Self.refusals(Self.live + ["--duty", value]) {
        #expect(message.contains("--duty"), "\(message)")
        #expect(message.contains("must be from 1 to 100 %"), "\(message)")
      }
    }
  }

  /// A capture has no controller: the options are refused, as `--active` is, naming the option.
  @Test func aReplayRefusesScanTiming() {
    for option in [["--duty", "50"], ["--scan-interval", "200"], ["--scan-window", "50"], ["--window", "50"]] {
      let name = option[0] == "--window" ? "--scan-window" : option[0]
      for source in [["--replay", "ride.btsnoop"], ["-i", "replay:ride.btsnoop"]] {
        for message in Self.refusals(source + option) {
          #expect(message == "\(name) needs a live controller (-i DEVICE); a replay shows what was recorded.")
        }
      }
    }
  }

  @Test func gpsAloneRefusesScanTiming() {
    do {
      _ = try BeaconRideCommand.parseAsRoot(["--gps", "127.0.0.1:2947", "--duty", "50"])
      Issue.record("accepted")
    } catch {
      #expect(BeaconRideCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
      #expect(
        BeaconRideCommand.message(for: error)
          == "--duty needs a live controller (-i DEVICE); --gps alone scans nothing.")
    }
  }

  /// What the service units pass (`--duty 100`) is the default scan: it shapes nothing, so
  /// `-i monitor:hci0` takes it and a device bluetoothd powers is still read through bluetoothd;
  /// a duty that changes the scan is refused with the monitor and keeps the scan ours.
  @Test func theDefaultDutyShapesNothing() throws {
    for arguments in [["--duty", "100"], ["--scan-interval", "100", "--scan-window", "100"], []] {
      let scan = try #require(
        try BeaconScanCommand.parseAsRoot(["-i", "monitor:hci0"] + arguments) as? BeaconScanCommand)
      #expect(scan.scanTiming.shapingNames.isEmpty)
      let ride = try #require(
        try BeaconRideCommand.parseAsRoot(["-i", "monitor:hci0"] + arguments) as? BeaconRideCommand)
      #expect(ride.scanTiming.shapingNames.isEmpty)
    }
    let shaped = try #require(try BeaconScanCommand.parseAsRoot(["-i", "hci0", "--duty", "50"]) as? BeaconScanCommand)
    #expect(shaped.scanTiming.shapingNames == ["--duty"])
    #expect(!shaped.scanViaOptions.cooperatesWithBluetoothd(exclusive: false, scanShaping: [("--duty", true)]))
    for messages in [Self.refusals(["-i", "monitor:hci0", "--duty", "50"])] {
      #expect(messages.count == 2)
      #expect(messages.allSatisfy { $0.contains("--duty") && $0.contains("only listens") }, "\(messages)")
    }
  }

  @Test func theHelpSaysWhatDutyIsForAndThatItIsForLiveControllers() {
    for help in [BeaconScanCommand.helpMessage(columns: 200), BeaconRideCommand.helpMessage(columns: 200)] {
      #expect(help.contains("SCAN TIMING (LIVE CONTROLLERS):"), "\(help)")
      #expect(help.contains("--scan-interval, --interval <ms>"), "\(help)")
      #expect(help.contains("--scan-window, --window <ms>"), "\(help)")
      #expect(help.contains("--duty <percent>"), "\(help)")
      // The text as one line, however the help wraps it.
      let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(text.contains("--duty <percent> Listen this share of each scan interval, from 1 to 100 %"), "\(text)")
      #expect(text.contains("Less than 100 leaves a Raspberry Pi's Wi-Fi, which shares the radio, its turns"))
      #expect(text.contains("Not with --scan-window."))
    }
  }
}
