import ArgumentParser
import BeaconTestSupport
import Beacons
import FleetProtocol
import MRTNavigation
import ScanSession
import Testing

@testable import BeaconCLI

/// `--mqtt…` and `--expect…` parsed in-process: what is refused says why, what is taken comes
/// out as the topics, session settings and stations the commands use.
@Suite struct FleetOptionsTests {
  /// The usage error `arguments` give `beacon-scan`, or `nil` when they parse.
  static func scanError(_ arguments: [String]) -> String? {
    do {
      _ = try BeaconScanCommand.parseAsRoot(["--replay", "x.btsnoop"] + arguments)
      return nil
    } catch {
      #expect(BeaconScanCommand.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
      return BeaconScanCommand.message(for: error)
    }
  }

  @Test(arguments: [
    (["--mqtt", "ws://broker"], "--mqtt: 'ws://broker': unknown scheme 'ws'"),
    (["--mqtt", "mqtt://user:secret@broker"], "credentials do not go on the command line"),
    (["--mqtt", "mqtt://broker", "--mqtt-node", "pi.local"], "--mqtt-node 'pi.local': use 1–64 letters"),
    (["--mqtt", "mqtt://broker", "--mqtt-prefix", "fleet/#"], "--mqtt-prefix 'fleet/#'"),
    (["--mqtt", "mqtt://broker", "--mqtt-prefix", "$SYS"], "--mqtt-prefix '$SYS': give topic levels"),
    (["--mqtt", "mqtt://broker", "--mqtt-prefix", "fleet//monitors"], "not starting with $ (the broker's)"),
    (["--mqtt", "mqtt://broker", "--mqtt-discovery-prefix", "$share/ha"], "--mqtt-discovery-prefix '$share/ha'"),
    (["--mqtt", "mqtt://broker", "--mqtt-ca-file", "ca.pem"], "--mqtt-ca-file is for TLS"),
    (["--mqtt-credentials", "creds"], "--mqtt-credentials needs --mqtt URL"),
    (
      ["--mqtt", "mqtt://broker", "--mqtt-interval", "0"],
      "--mqtt-interval <seconds>': must be from 0.1 to 3600 seconds"
    ),
    (["--expect", "CipeteRaya", "--silent-after", "0"], "--silent-after <seconds>': must be from 1 to 86400 seconds"),
    (["--weak-drop", "20"], "--silent-after and --weak-drop need --expect"),
    (["--expect", "CipeteRaya", "--mqtt", "mqtt://b", "--mqtt-layout", "espresense"], "--expect publishes health"),
  ])
  func refusedWithTheReason(arguments: [String], reason: String) {
    let message = Self.scanError(arguments)
    #expect(message?.contains(reason) == true, "\(message ?? "parsed")")
  }

  @Test func topicsAndSessionComeFromTheOptions() throws {
    let command = try #require(
      try BeaconScanCommand.parseAsRoot([
        "--replay", "x", "--mqtt", "mqtts://broker.lan", "--mqtt-node", "platform-1", "--mqtt-prefix", "mrt/monitors",
        "--mqtt-ca-file", "/etc/ssl/ca.pem",
      ]) as? BeaconScanCommand)
    let topics = command.mqtt.topics
    #expect(topics.availability == "mrt/monitors/platform-1/availability")
    let cipete = try #require(TestCatalogs.northSouthLine.station(named: "CipeteRaya"))
    #expect(
      topics.state(of: cipete.beacon)
        == "mrt/monitors/platform-1/beacons/ibeacon-f63b21ba-2635-4be4-b6ff-e2eab8b541c3-1-3")
    #expect(
      topics.discoveryConfig(of: cipete.beacon)
        == "homeassistant/sensor/platform-1/ibeacon-f63b21ba-2635-4be4-b6ff-e2eab8b541c3-1-3/config")
    let session = try #require(try command.mqtt.sessionConfiguration(program: "beacon-scan"))
    #expect(session.subscriptions == ["homeassistant/status"])
    #expect(session.broker.port == 8883 && session.broker.usesTLS)
    #expect(session.certificateAuthorityFile == "/etc/ssl/ca.pem")
    #expect(session.will?.topic == topics.availability)
    #expect(session.will?.payload == Array("offline".utf8) && session.will?.retain == true)
    #expect(session.clientID.hasPrefix("beacon-scan-platform-1-"))
  }

  @Test func theHostNameBecomesAValidNode() {
    #expect(FleetTopics.node(from: "pi.platform.lan") == "pi-platform-lan")
    #expect(FleetTopics.isValidNode(FleetTopics.node(from: String(repeating: "x", count: 100))))
    #expect(FleetTopics.node(from: "") == "beacon-node")
  }

  @Test func expectedStationsByNameAllOrUnknown() throws {
    let catalog = TestCatalogs.northSouthLine
    let named = try #require(
      try BeaconScanCommand.parseAsRoot(["--replay", "x", "--expect", "CipeteRaya, HajiNawi"]) as? BeaconScanCommand)
    #expect(try named.expectOptions.stations(in: catalog)?.map(\.name) == ["CipeteRaya", "HajiNawi"])
    let all = try #require(
      try BeaconScanCommand.parseAsRoot(["--replay", "x", "--expect", "all"]) as? BeaconScanCommand)
    #expect(try all.expectOptions.stations(in: catalog)?.count == catalog.stations.count)
    let unknown = try #require(
      try BeaconScanCommand.parseAsRoot(["--replay", "x", "--expect", "Gambir"]) as? BeaconScanCommand)
    #expect(throws: ValidationError.self) { try unknown.expectOptions.stations(in: catalog) }
  }

  @Test func theBroadcasterRefusesWhatItCannotReport() {
    for (arguments, reason) in [
      (["--station", "CipeteRaya", "--mqtt", "mqtt://b"], "give -i DEVICE"),
      (
        ["-i", "hci0", "--station", "CipeteRaya", "--mqtt", "mqtt://b", "--mqtt-layout", "espresense"],
        "Unknown option '--mqtt-layout'"
      ),
    ] {
      do {
        _ = try BeaconBroadcastCommand.parseAsRoot(arguments)
        Issue.record("\(arguments) parsed")
      } catch {
        #expect(
          BeaconBroadcastCommand.message(for: error).contains(reason), "\(BeaconBroadcastCommand.message(for: error))")
      }
    }
  }
}
