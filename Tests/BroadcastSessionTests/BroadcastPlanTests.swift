import BeaconTestSupport
import Beacons
import BluetoothTypes
import BroadcastSession
import Foundation
import HCIController
import MRTNavigation
import ProgramOutput
import Testing

/// What `beacon-broadcast` prints of a plan: the station, the iBeacon's advertising data and, in
/// a dry run, the legacy HCI commands it would send, by the Core spec's opcodes.
@Suite struct BroadcastPlanTests {
  private func cipeteRaya() throws -> BroadcastPlan {
    let station = try #require(TestCatalogs.northSouthLine.station(named: "CipeteRaya"))
    guard case .iBeacon(let uuid, let major, let minor) = station.beacon else {
      throw PlanProblem.notAnIBeacon
    }
    return BroadcastPlan(
      station: station, frame: IBeacon(uuid: uuid, major: major, minor: minor, measuredPower: -59),
      interval: .hundredMilliseconds)
  }

  private enum PlanProblem: Error { case notAnIBeacon }

  /// The dry run's JSON: the iBeacon's advertising data byte for byte (flags, Apple's company
  /// ID 0x004C, type 0x02 length 0x15, the UUID, major 1, minor 3, −59 dBm) and the legacy
  /// commands: LE Set Advertising Enable off (0x200A, 0x00) before the parameters change, LE Set
  /// Advertising Parameters (0x2006), LE Set Advertising Data (0x2008), then Enable on (0x01).
  @Test func aDryRunSaysTheBytesAndTheCommands() throws {
    let line = try cipeteRaya().jsonObject().line
    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["station"] as? String == "CipeteRaya")
    #expect(
      object["advertisingData"] as? String
        == "0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C300010003C5")
    let commands = try #require(object["hciCommands"] as? [String])
    #expect(commands.map { String($0.prefix(4)) } == ["0A20", "0620", "0820", "0A20"])
    #expect(commands.first == "0A200100" && commands.last == "0A200101")
    #expect(object["intervalMs"] as? Double == 100)
    #expect(object["dryRun"] as? Int == 1)
  }

  /// Live, the text says where and how it advertises, and for how long.
  @Test func aLivePlanSaysWhereAndForHowLong() throws {
    let lines = try cipeteRaya().lines(
      format: .text, execution: .live(device: "hci1", commandSet: "extended", dwellSeconds: 30))
    #expect(lines.first == "Station:           Cipete Raya (CipeteRaya, stop 3)")
    #expect(lines.suffix(2) == ["Advertising on:    hci1, extended advertising commands", "For:               30.0 s"])
    let untilStopped = try cipeteRaya().lines(
      format: .text, execution: .live(device: "hci0", commandSet: "management", dwellSeconds: nil))
    #expect(untilStopped.last == "Until:             Ctrl-C")
    #expect(untilStopped.dropLast().last?.contains("management interface (beside bluetoothd)") == true)
  }
}
