import BeaconScanning
import Beacons
import BluetoothTypes
import HCITransportCore
import LinuxHCITransports
import MRTNavigation

/// A ride fixture decoded once: its station sightings in capture order and its truth, so that
/// every policy in the sweep replays the same input without reading the capture again.
struct DecodedRideFixture {
  var name: String
  /// The network the ride's beacons are named in.
  var catalog: StationCatalog
  var sightings: [BeaconSighting]
  var truth: RideTruth

  /// Reads `capturePath` through an ``HCIBeaconFinder`` and the truth file beside it.
  static func load(capturePath: String, catalog: StationCatalog) -> Result<DecodedRideFixture, RideReportError> {
    let base = capturePath.hasSuffix(".btsnoop") ? String(capturePath.dropLast(".btsnoop".count)) : capturePath
    let truth: RideTruth
    switch RideTruth.load(path: base + ".expected-stations.json") {
    case .success(let value): truth = value
    case .failure(let error): return .failure(error)
    }
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: capturePath).open()
    })
    let collector = StationSightings(catalog: catalog)
    finder.delegate = collector
    let started = finder.start()
    let end = finder.run()
    finder.stop()
    guard started == .started, case .endOfStream = end else {
      let failure = finder.failure?.description ?? "could not be read"
      return .failure(RideReportError(message: "\(capturePath): \(failure)"))
    }
    let sightings = collector.sightings
    let name = String(base.split(separator: "/").last ?? Substring(base))
    return .success(DecodedRideFixture(name: name, catalog: catalog, sightings: sightings, truth: truth))
  }

  /// The station events of the whole ride under one policy and finder configuration, from the
  /// ride's sightings or from `heard`, those of them a scanner heard (the duty sweep); the
  /// detector runs on to a minute after the ride's last sighting either way.
  func events(
    policy: StationPresencePolicy, finder: BeaconRanging.Configuration, sightings heard: [BeaconSighting]? = nil
  ) -> [StationEvent] {
    var detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: finder)
    var events: [StationEvent] = []
    for sighting in heard ?? sightings { events += detector.ingest(sighting) }
    if let last = sightings.last {
      events += detector.advance(
        to: Timestamp(microsecondsSinceUnixEpoch: last.time.microsecondsSinceUnixEpoch + 60_000_000))
    }
    return events
  }
}

/// Keeps the sightings of the catalog's station beacons, in order.
final class StationSightings: BeaconFinderDelegate {
  let catalog: StationCatalog
  private(set) var sightings: [BeaconSighting] = []

  init(catalog: StationCatalog) { self.catalog = catalog }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    if catalog.station(for: sighting.frame.identity) != nil { sightings.append(sighting) }
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}
}
