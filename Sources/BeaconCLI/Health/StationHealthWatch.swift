import Beacons
import BluetoothTypes
import FleetProtocol
import LineFormats
import MRTNavigation
import ProgramOutput

/// `--expect`: the expected stations' beacons judged from the sightings (``BeaconHealthMonitor``),
/// each change handed to whoever shows it: the printed lines, the table, the alarm, MQTT.
final class StationHealthWatch: BeaconFinderDelegate {
  private(set) var monitor: BeaconHealthMonitor
  /// The expected stations, in the order given.
  private(set) var stations: [Station]
  private var stationsByIdentity: [BeaconIdentity: Station]
  /// Told of each change, in order.
  var listeners: [(BeaconHealthChange, Station) -> Void] = []
  /// Told of the new stations when ``reconfigure(stations:configuration:)`` changes them.
  private var onStationsChanged: [([Station]) -> Void] = []

  init(stations: [Station], configuration: BeaconHealthMonitor.Configuration) {
    self.stations = stations
    stationsByIdentity = Dictionary(stations.map { ($0.beacon, $0) }, uniquingKeysWith: { first, _ in first })
    monitor = BeaconHealthMonitor(expected: stations.map(\.beacon), configuration: configuration)
  }

  /// Watches `newStations` with `configuration` from now on (remote settings): what is known of
  /// the stations still expected is kept (``BeaconHealthMonitor/reconfigure(expected:configuration:)``).
  func reconfigure(stations newStations: [Station], configuration: BeaconHealthMonitor.Configuration) {
    stations = newStations
    stationsByIdentity = Dictionary(newStations.map { ($0.beacon, $0) }, uniquingKeysWith: { first, _ in first })
    monitor.reconfigure(expected: newStations.map(\.beacon), configuration: configuration)
    for listener in onStationsChanged { listener(newStations) }
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) { tell(monitor.ingest(sighting)) }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) { tell(monitor.advance(to: time)) }

  /// The smoothed RSSI and baseline of `station`'s beacon, when known.
  func strength(of station: Station) -> (smoothed: Double?, baseline: Double?) {
    monitor.strength(of: station.beacon)
  }

  /// Prints each change as a line on `output` (text or JSON), as it happens.
  func printChanges(format: OutputFormat, to output: StandardOutput) {
    listeners.append { [unowned self] change, station in
      let formatter = HealthEventFormatter(format: format, names: .labels(of: stations))
      output.writeLine(formatter.line(change, station: station, strength: strength(of: station)))
      output.flush()
    }
  }

  /// Raises a notification and the alarm for each problem, given `alerts` (``HealthAlerts``;
  /// a watch of remotely set stations has none), and with a `reporter` publishes each change and announces a problem sensor per station.
  func alert(with alerts: HealthAlerts?, reportingTo reporter: MQTTBeaconReporter?) {
    if let alerts { listeners.append { change, station in alerts.tell(change, station: station) } }
    guard let reporter else { return }
    reporter.expect(stations)
    onStationsChanged.append { stations in reporter.expect(stations) }
    listeners.append { [unowned self] change, station in
      let json = HealthEventFormatter(format: .json, names: .labels(of: stations))
      reporter.publishHealth(of: station, payload: json.line(change, station: station, strength: strength(of: station)))
    }
  }

  private func tell(_ changes: [BeaconHealthChange]) {
    for change in changes {
      guard let station = stationsByIdentity[change.identity] else { continue }
      for listener in listeners { listener(change, station) }
    }
  }

  /// The table's health block: a row per expected station, its status now.
  func tableLines(now: Timestamp) -> [String] {
    let stationColumn = StationNameColumn.displayNames(of: stations)
    let columns = TextColumns(widths: [stationColumn.width, 10], rightAligned: [])
    var lines = [columns.line("EXPECTED", "STATUS", "DETAIL")]
    for station in stations {
      let health = monitor.health(of: station.beacon)
      lines.append(
        columns.line(
          stationColumn.cell(station.displayName), health?.name ?? "waiting",
          health.map { HealthEventFormatter.detail($0, at: now, smoothed: strength(of: station).smoothed) }
            ?? "not heard yet"))
    }
    return lines
  }
}
