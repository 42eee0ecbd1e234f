import BeaconTestSupport
import BluetoothTypes
import Testing

@testable import Beacons

/// Changing what a health watch expects while it runs (remote settings): kept beacons keep what
/// is known of them, a new one is silent only a full `silentAfter` after it was added.
@Suite struct BeaconHealthReconfigureTests {
  private typealias F = FindingFixtures

  static func identity(_ minor: UInt16) -> BeaconIdentity {
    .iBeacon(uuid: F.stationUUID, major: 1, minor: minor)
  }

  @Test func aKeptBeaconKeepsItsBaselineAndANewOneIsWatchedFromNow() {
    var monitor = BeaconHealthMonitor(expected: [Self.identity(3)])
    for second in 0..<90 { _ = monitor.ingest(F.sighting(minor: 3, rssi: -60, at: Double(second))) }
    let baseline = monitor.strength(of: Self.identity(3)).baseline
    #expect(baseline == -60)
    var configuration = monitor.configuration
    configuration.silentAfter = .seconds(20)
    monitor.reconfigure(expected: [Self.identity(3), Self.identity(5)], configuration: configuration)
    #expect(monitor.expected == [Self.identity(3), Self.identity(5)])
    #expect(monitor.strength(of: Self.identity(3)).baseline == -60)
    // Minor 5 is never heard: undecided for 20 s from its addition (at 89 s), silent after.
    var changes: [BeaconHealthChange] = []
    for second in 90..<108 { changes += monitor.ingest(F.sighting(minor: 3, rssi: -60, at: Double(second))) }
    #expect(!changes.contains { $0.identity == Self.identity(5) })
    changes = monitor.advance(to: F.time(110))
    #expect(changes.contains { $0.identity == Self.identity(5) && $0.health.name == "silent" })
    // Minor 3 dropped from the list: forgotten.
    monitor.reconfigure(expected: [Self.identity(5)], configuration: configuration)
    #expect(monitor.health(of: Self.identity(3)) == nil)
  }
}
