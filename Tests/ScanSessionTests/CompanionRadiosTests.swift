import BeaconScanning
import BeaconTestSupport
import LinuxHCITransports
import ScanSession
import Testing

extension StopSignalSharing {
  /// The radios after the first of `beacon-scan -i … -i …`, worked in turns: each sighting tagged
  /// with the radio that heard it, their counts added up.
  @Suite struct CompanionRadiosTests {
    @Test func eachRadiosSightingsAreTaggedWithItsName() throws {
      let paths = [TestPaths.fixture("raw-hci-1001.btsnoop"), TestPaths.fixture("ride-android-h4.btsnoop")]
      let radios = try paths.map { path in
        let run = ScanRun(spec: .replay(path: path), program: "scan-session-tests")
        return (run: run, finder: try run.makeFinder(scanner: BeaconScanner()))
      }
      let companions = CompanionRadios(radios, reconnect: false, program: "scan-session-tests")
      #expect(companions.name == paths.joined(separator: ", "))
      let output = RecordedOutput()
      companions.start(delegate: output)
      // Every capture ends: the work returns without a deadline.
      companions.work(until: nil) { false }
      companions.stop()
      let statistics = try #require(companions.statistics)
      #expect(statistics.emittedSightings > 0)
      #expect(output.sightings.count == statistics.emittedSightings)
      #expect(Set(output.sightings.map(\.controller)) == Set(paths))
    }
  }
}
