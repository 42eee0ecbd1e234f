import BeaconScanning
import BeaconTestSupport
import BluetoothTypes
import HCITransportCore
import LinuxHCITransports
import MRTNavigation
import Testing

/// ``NotifyWhenNearMRTStationWhenInBackground`` on a recorded ride, as beacon-ride composes
/// it: the capture replayed through ``HCIBeaconFinder`` tells each station at its platform.
@Suite struct BackgroundRideReplayTests {
  @Test func aRecordedRideTellsEachStationAtItsPlatform() throws {
    let truth = try RideDetectionTests.truth("ride-lebak-bulus-to-bundaran-hi")
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")).open()
    })
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: finder, locationFinder: nil, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = RideEffectRecorder()
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    guard case .endOfStream = finder.run() else { throw try #require(finder.failure) }
    #expect(recorder.founds.map(\.station) == truth.stops.map(\.station))
    for (found, stop) in zip(recorder.founds, truth.stops) {
      #expect(RideCommuteTests.atPlatform(found.at, stop), "\(found.station) told at \(found.at.iso8601)")
    }
    #expect(useCase.stop() == .stopped)
  }
}
