import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import Positioning
import RideReports

/// What `--report FILE` keeps of a run for its page: each station beacon's reports and smoothed
/// RSSI, those of the busiest other beacons, the GPS fixes and every event told.
///
/// Memory stays bounded however long a live run goes on:
/// - a beacon's points are a ``BoundedSeries`` (at most 4 × 4,096 points each);
/// - station beacons are always kept; of the other beacons, ``othersTracked``, chosen as the
///   Space-Saving algorithm does (Metwally, Agrawal and El Abbadi, 2005): a newcomer takes the
///   place of the one with the least weight and inherits its weight, so a beacon heard in more
///   than 1/``othersTracked`` of the other beacons' reports is always kept, however many
///   one-report strangers flood in;
/// - fixes up to ``fixCapacity``, then every other one dropped (and so on), the lost fixes kept;
/// - events up to ``eventCapacity``, then counted.
///
/// The smoothed RSSI is computed as the detector computes it: a ``BeaconRanging`` with the run's
/// configuration (one for the stations, one for the others, so strangers never evict a station).
package final class RunReportCollector {
  /// One beacon's points, in seconds from ``origin``.
  package struct Series {
    package let identity: BeaconIdentity
    package var reports = BoundedSeries()
    package var smoothed = BoundedSeries()
    package var reportCount = 0

    init(identity: BeaconIdentity) { self.identity = identity }
  }

  /// One event as printed.
  package struct Event {
    package let time: Timestamp
    package let kind: StationEventKind
    package let station: Station
    package let source: StationSource?
    package let detail: String?
    /// Where it happened, when known: a GPS event's position.
    package let place: GeoCoordinate?
  }

  package static let othersTracked = 64
  package static let fixCapacity = 20_000
  package static let eventCapacity = 10_000

  package let catalog: StationCatalog
  package let policy: StationPresencePolicy
  package let rangingConfiguration: BeaconRanging.Configuration
  /// The journey ridden, when known: the overview's axis follows its legs.
  package var journey: Journey?
  /// The timetable, when the ride has one: the overview draws its trips.
  package var schedule: RideSchedule?
  private var stationRanging: BeaconRanging
  private var otherRanging: BeaconRanging
  package private(set) var stations: [BeaconIdentity: Series] = [:]
  package private(set) var others: [BeaconIdentity: Series] = [:]
  /// For choosing which other beacons to keep (Space-Saving): the reports counted for each one's
  /// place, its earlier holders' included. Apart from the series, so that finding the lightest
  /// touches no points.
  private var otherWeights: [BeaconIdentity: Int] = [:]
  package private(set) var fixes: [LocationFix] = []
  /// Keep one fix in this many (doubles each time the fixes fill up).
  private var fixStride = 1
  package private(set) var fixesRecorded = 0
  package private(set) var events: [Event] = []
  package private(set) var eventsDropped = 0
  /// The first time of a sighting, fix or event: the page's axis counts seconds from it.
  package private(set) var origin: Timestamp?
  package private(set) var lastTime: Timestamp?
  package private(set) var sightings = 0
  package private(set) var stationSightings = 0

  package init(
    catalog: StationCatalog, policy: StationPresencePolicy, rangingConfiguration: BeaconRanging.Configuration
  ) {
    self.catalog = catalog
    self.policy = policy
    self.rangingConfiguration = rangingConfiguration
    // Each is fed only its own beacons: every station fits, and strangers never reach it.
    var stationsConfiguration = rangingConfiguration
    stationsConfiguration.maximumTrackedBeacons = max(
      rangingConfiguration.maximumTrackedBeacons, catalog.stations.count)
    stationRanging = BeaconRanging(configuration: stationsConfiguration)
    var othersConfiguration = rangingConfiguration
    othersConfiguration.maximumTrackedBeacons = Self.othersTracked * 2
    otherRanging = BeaconRanging(configuration: othersConfiguration)
  }

  /// Seconds from ``origin`` to `time`.
  func seconds(_ time: Timestamp) -> Double {
    guard let origin else { return 0 }
    return Double(time.microseconds(since: origin)) / 1_000_000
  }

  private func heard(at time: Timestamp) {
    if origin == nil { origin = time }
    lastTime = max(lastTime ?? time, time)
  }

  /// A sighting: a station's beacon ranged and kept, another's among the most heard.
  package func record(_ sighting: BeaconSighting) {
    heard(at: sighting.time)
    sightings += 1
    let identity = sighting.frame.identity
    if catalog.station(for: identity) != nil {
      stationSightings += 1
      // In place: a copy taken out and put back would copy every point kept, each report.
      let smoothed = stationRanging.ingest(sighting)
      add(sighting, to: &stations[identity, default: Series(identity: identity)], smoothed: smoothed)
      return
    }
    var inherited = 0
    if otherWeights[identity] == nil, otherWeights.count >= Self.othersTracked,
      let lightest = otherWeights.min(by: { $0.value < $1.value })
    {
      others[lightest.key] = nil
      otherWeights[lightest.key] = nil
      inherited = lightest.value
    }
    otherWeights[identity, default: inherited] += 1
    let smoothed = otherRanging.ingest(sighting)
    add(sighting, to: &others[identity, default: Series(identity: identity)], smoothed: smoothed)
  }

  private func add(_ sighting: BeaconSighting, to series: inout Series, smoothed events: [BeaconRanging.Event]) {
    series.reportCount += 1
    let time = seconds(sighting.time)
    if let rssi = sighting.rssi { series.reports.append((time, Double(rssi))) }
    let state = events.last { $0.state.identity == series.identity }?.state
    if let smoothed = state?.smoothedRSSI { series.smoothed.append((time, smoothed)) }
  }

  /// Time passing without a sighting.
  package func record(_ time: Timestamp) {
    lastTime = max(lastTime ?? time, time)
  }

  /// A fix from GPS; lost fixes (no position) are always kept, so the map can break the track.
  package func record(_ fix: LocationFix) {
    // A fix without a position may come without a time either (gpsd's no-fix reports).
    if fix.position != nil { heard(at: fix.time) }
    fixesRecorded += 1
    guard fix.position == nil || fixesRecorded % fixStride == 0 else { return }
    fixes.append(fix)
    if fixes.count >= Self.fixCapacity {
      fixStride *= 2
      var index = 0
      fixes.removeAll { fix in
        defer { index += 1 }
        return fix.position != nil && index % 2 == 1
      }
    }
  }

  /// An event, as ``StationEventFormatter`` prints it.
  package func record(
    _ kind: StationEventKind, station: Station, source: StationSource?, at time: Timestamp,
    detail: String?, place: GeoCoordinate?
  ) {
    heard(at: time)
    guard events.count < Self.eventCapacity else {
      eventsDropped += 1
      return
    }
    events.append(Event(time: time, kind: kind, station: station, source: source, detail: detail, place: place))
  }
}
