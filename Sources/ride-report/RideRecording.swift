import Beacons
import BeaconScanning
import MRTNavigation
import BluetoothTypes
import LinuxHCITransports
import HCITransportCore

/// A ride fixture decoded once: its station sightings in capture order and its truth, so that
/// every policy in the sweep replays the same input without reading the capture again.
struct RideRecording {
  var name: String
  var sightings: [BeaconSighting]
  var truth: RideTruth

  /// Reads `capturePath` through ``BeaconScanner`` and the truth file beside it.
  static func load(capturePath: String) -> Result<RideRecording, RideReportError> {
    let base = capturePath.hasSuffix(".btsnoop") ? String(capturePath.dropLast(".btsnoop".count)) : capturePath
    let truth: RideTruth
    switch RideTruth.load(path: base + ".expected-stations.json") {
    case .success(let value): truth = value
    case .failure(let error): return .failure(error)
    }
    var sightings: [BeaconSighting] = []
    do {
      var source = try CaptureReplaySource(path: capturePath)
      var scanner = BeaconScanner()
      try scanner.run(&source) { sighting in
        if sighting.station != nil { sightings.append(sighting) }
      }
    } catch {
      return .failure(RideReportError(message: "\(capturePath): \(error)"))
    }
    let name = String(base.split(separator: "/").last ?? Substring(base))
    return .success(RideRecording(name: name, sightings: sightings, truth: truth))
  }

  /// The station events of the whole ride under one policy and finder configuration.
  func events(policy: StationPresencePolicy, finder: BeaconFinder.Configuration) -> [StationEvent] {
    var detector = StationDetector(policy: policy, finderConfiguration: finder)
    var events: [StationEvent] = []
    for sighting in sightings { events += detector.ingest(sighting) }
    if let last = sightings.last {
      events += detector.advance(
        to: CaptureTime(microsecondsSinceUnixEpoch: last.time.microsecondsSinceUnixEpoch + 60_000_000))
    }
    return events
  }
}
