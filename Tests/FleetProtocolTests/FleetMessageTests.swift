import FleetProtocol
import Testing

/// What the judge reads from a node's topics, and what it refuses: anything may be published on
/// a broker.
@Suite struct FleetMessageTests {
  static func message(_ topic: String, _ payload: String) -> FleetMessage? {
    FleetMessage(topic: topic, payload: Array(payload.utf8), prefix: "mrt/monitors")
  }

  @Test func aNodesMessagesAreRead() {
    #expect(Self.message("mrt/monitors/pi-1/availability", "offline") == .availability(node: "pi-1", online: false))
    #expect(
      Self.message("mrt/monitors/pi-1/telemetry", #"{"version":"0.1.0","reportsPerSecond":12.5}"#)
        == .telemetry(node: "pi-1", reportsPerSecond: 12.5))
    #expect(
      Self.message("mrt/monitors/pi-1/beacons/ibeacon-x-1-2", "{}") == .heard(beacon: "ibeacon-x-1-2", node: "pi-1"))
  }

  @Test(arguments: [
    ("mrt/monitors/pi-1/availability", "maybe"),
    ("mrt/monitors/pi-1/telemetry", #"{"reportsPerSecond":-1}"#),
    ("mrt/monitors/pi-1/telemetry", #"{"reportsPerSecond":1e999}"#),
    ("mrt/monitors/pi-1/telemetry", #"{"reportsPerSecond":"many"}"#),
    ("mrt/monitors/pi-1/telemetry", "not json"),
    ("mrt/monitors/pi-1/beacons/ibeacon-x-1-2", ""),
    ("mrt/monitors/pi-1/beacons/", "{}"),
    ("mrt/monitors/all/availability", "online"),
    ("mrt/monitors//availability", "online"),
    ("mrt/other/pi-1/availability", "online"),
    ("mrt/monitors/pi-1/beacons/x/extra", "{}"),
  ])
  func whatIsNoNodesIsRefused(topic: String, payload: String) {
    #expect(Self.message(topic, payload) == nil)
  }
}
