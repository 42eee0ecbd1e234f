import BeaconScanning
import BeaconTestSupport
import BluetoothTypes
import HCITransportCore
import LinuxHCITransports
import MRTNavigation
import Testing

/// ``DefaultNotifyWhenNearMRTStationWhenInBackground`` on a recorded ride, as beacon-ride composes
/// it: the capture replayed through ``HCIBeaconFinder`` tells each station at its platform.
@Suite struct BackgroundRideReplayTests {
  final class Recorder: NotifyWhenNearMRTStationWhenInBackgroundDelegate {
    var founds: [(station: String, at: CaptureTime)] = []

    func notifyWhenNearMRTStationWhenInBackground(
      _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didFind station: Station, evidence: StationEvidence,
      at time: CaptureTime
    ) { founds.append((station.name, time)) }
  }

  @Test func aRecordedRideTellsEachStationAtItsPlatform() throws {
    let truth = try RideDetectionTests.truth("ride-lebak-bulus-to-bundaran-hi")
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")).open()
    })
    let useCase = DefaultNotifyWhenNearMRTStationWhenInBackground(finder: finder, catalog: TestCatalogs.jakartaRail)
    let recorder = Recorder()
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    guard case .endOfStream = finder.run() else { throw try #require(finder.failure) }
    #expect(recorder.founds.map(\.station) == truth.stops.map(\.station))
    for (found, stop) in zip(recorder.founds, truth.stops) {
      #expect(RideCommuteTests.atPlatform(found.at, stop), "\(found.station) told at \(found.at.iso8601)")
    }
    #expect(useCase.stop() == .stopped)
  }
}
