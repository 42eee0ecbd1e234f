import ArgumentParser
import BeaconTestSupport
import BluetoothTypes
import HCICodec
import MRTNavigation
import ScanSession
import Testing

@testable import BeaconCLI

@Suite struct CommandLineTests {
  @Test func scanNeedsASourceAndSaysWhich() {
    do {
      _ = try BeaconScanCommand.parseAsRoot([])
      Issue.record("expected a usage error")
    } catch {
      #expect(
        BeaconScanCommand.message(for: error)
          == "Give a source: -i hci0 (or serial:…, tcp:…), or --replay FILE. See --list-devices for the controllers here."
      )
      #expect(BeaconScanCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
    }
  }

  @Test func scanParsesFiltersAndResolvesStationAliases() throws {
    let command = try #require(
      try BeaconScanCommand.parseAsRoot([
        "--replay", "x.btsnoop", "--kind", "ibeacon", "--station", "DukuhAtasBNI", "--major", "1", "--format", "json",
      ]) as? BeaconScanCommand)
    let filter = try command.filters.filter(catalog: TestCatalogs.northSouthLine)
    #expect(filter.identities == [.iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 12)])
    #expect(filter.kinds == [.iBeacon])
    #expect(filter.major == 1)
    #expect(command.output.format == .json)
  }

  @Test func unknownStationListsTheStations() throws {
    let command = try #require(
      try BeaconScanCommand.parseAsRoot(["--replay", "x", "--station", "Gambir"]) as? BeaconScanCommand)
    do {
      _ = try command.filters.filter(catalog: TestCatalogs.northSouthLine)
      Issue.record("expected an error")
    } catch let error as ValidationError {
      #expect(error.message.hasPrefix("No station named \"Gambir\". Stations: LebakBulus, Fatmawati, CipeteRaya"))
    }
  }

  @Test func badUUIDIsAUsageError() {
    #expect(throws: (any Error).self) {
      try BeaconScanCommand.parseAsRoot(["--replay", "x", "--uuid", "not-a-uuid"])
    }
    #expect(BeaconScanCommand.exitCode(for: ValidationError("x")) == ExitCode(ProcessExitStatus.usage))
  }

  @Test func scanHelpTeachesSourcesFormatsAndExitCodes() {
    let help = BeaconScanCommand.helpMessage(columns: 200)
    for option in [
      "-i, --device <device>", "--list-devices", "--active", "--scan-interval, --interval <ms>",
      "--scan-window, --window <ms>",
      "--duty <percent>", "--dedupe",
      "--record <file>", "--duration <seconds>", "--exclusive", "--command-set <set>", "--once", "--table",
      "--summary",
    ] {
      #expect(help.contains(option), "\(option)")
    }
    #expect(help.contains("sudo setcap cap_net_raw,cap_net_admin+eip"))
    #expect(help.contains("beacon-scan --replay day.btsnoop --summary"))
    #expect(help.contains("RSSI min/median/max"))
    #expect(help.contains("69  the controller cannot be used"))
    #expect(help.contains("--replay <file>"))
    #expect(help.contains("Replay a capture file (btsnoop, pcap, pcapng; - reads standard input) through the"))
    #expect(help.contains("zcat F.gz | beacon-scan --replay -"))
    #expect(help.contains("4096 busiest beacons of no station"))
    #expect(help.contains("btmon -w FILE           (btsnoop, datalink 2001)"))
    #expect(help.contains("nRF Sniffer, HackRF     (pcap/pcapng, link layer)"))
    #expect(help.contains("--kind <kind>"))
    #expect(help.contains("--station <name>"))
    #expect(help.contains("--catalog <file>"))
    #expect(help.contains("65  the file is no capture, or is corrupt"))
  }

  /// The examples keep their layout: a continued command goes on the next line, not after a run of
  /// spaces on the same one.
  @Test func broadcastHelpExamplesHaveNoStraySpaces() {
    let help = BeaconBroadcastCommand.helpMessage(columns: 200)
    #expect(help.contains("beacon-broadcast -i tcp:127.0.0.1:9002 \\\n"), "\(help)")
    // Each example's command, before any comment, is one run of words.
    for line in help.split(separator: "\n") where line.contains("beacon-broadcast ") {
      let command = (line.split(separator: "#").first ?? "").trimmingPrefix(while: { $0 == " " })
      #expect(!command.contains("    --"), "\(line)")
    }
  }

  @Test func broadcastNeedsStationOrFullIdentity() {
    #expect(throws: (any Error).self) { try BeaconBroadcastCommand.parseAsRoot([]) }
    #expect(throws: (any Error).self) {
      try BeaconBroadcastCommand.parseAsRoot(["--uuid", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3"])
    }
    #expect(throws: (any Error).self) {
      try BeaconBroadcastCommand.parseAsRoot(["--station", "CipeteRaya", "--major", "1"])
    }
    #expect(throws: (any Error).self) {
      try BeaconBroadcastCommand.parseAsRoot(["--station", "CipeteRaya", "--interval", "5"])
    }
  }

  @Test func broadcastPlanForCipeteRayaHasTheIBeaconBytes() throws {
    let command = try #require(
      try BeaconBroadcastCommand.parseAsRoot(["--station", "cipete raya"]) as? BeaconBroadcastCommand)
    let plan = try command.advertisingPlan(catalog: TestCatalogs.northSouthLine)
    #expect(plan.station?.name == "CipeteRaya")
    #expect(
      Hex.encode(plan.frame.advertisingData.bytes)
        == "0201061AFF4C000215" + "F63B21BA26354BE4B6FFE2EAB8B541C3" + "0001" + "0003" + "C5")
    #expect(plan.intervalUnits == 160)
    let text = try plan.lines(format: .text)
    #expect(text.contains("  LESetAdvertisingParameters   06 20 0F A0 00 A0 00 03 00 00 00 00 00 00 00 00 07 00"))
    #expect(text.contains("  LESetAdvertisingEnable       0A 20 01 01"))
    #expect(text.contains("Station:           Cipete Raya (CipeteRaya, stop 3)"))
    #expect(text.last?.hasPrefix("Dry run:") == true)
  }

  @Test func broadcastWithOwnIdentityAndPower() throws {
    let command = try #require(
      try BeaconBroadcastCommand.parseAsRoot([
        "--uuid", "e2c56db5-dffb-48d2-b060-d0f5a71096e0", "--major", "258", "--minor", "772", "--measured-power", "-62",
      ]) as? BeaconBroadcastCommand)
    let plan = try command.advertisingPlan(catalog: TestCatalogs.northSouthLine)
    #expect(plan.station == nil)
    #expect(Hex.encode(plan.frame.manufacturerSpecificData) == "4C000215E2C56DB5DFFB48D2B060D0F5A71096E001020304C2")
  }
}
