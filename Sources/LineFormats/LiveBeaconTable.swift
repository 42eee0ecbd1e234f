import Beacons
import BluetoothTypes
import MRTNavigation

/// The state behind `beacon-scan --table`: one row per beacon identity, with the RSSI now,
/// a smoothed RSSI, how often and how recently it was heard.
///
/// Smoothing is an exponentially weighted moving average over reports,
/// `smoothed += α · (rssi − smoothed)` with α = ``smoothingFactor``: quick enough to follow a
/// walk past a beacon, steady enough that single fades do not jump the figure. Reports without
/// an RSSI count as heard but leave both figures unchanged.
package struct LiveBeaconTable: Sendable {
  /// α of the moving average.
  package static let smoothingFactor = 0.25

  package struct Row: Hashable, Sendable {
    package var identity: BeaconIdentity
    package var station: Station?
    package var address: BluetoothAddress
    package var rssi: Int8?
    package var smoothedRSSI: Double?
    package var reports: Int
    package var firstSeen: Timestamp
    package var lastSeen: Timestamp
    /// The beacon's ranging after its latest report, with `--ranging`.
    package var ranged: BeaconState?
  }

  private var rows: [BeaconIdentity: Row] = [:]
  /// Bounds memory however many beacons pass by: beyond it, the row of no station heard longest
  /// ago is dropped for a new one. A station's row is never dropped for a stranger.
  package let maximumRows: Int
  /// Rows dropped so far to stay within ``maximumRows``.
  package private(set) var droppedRows = 0

  /// Names the stations, and orders them.
  package let catalog: StationCatalog

  /// The STATION column, as wide as the catalog's longest name.
  private let stationColumn: StationNameColumn
  private let columns: TextColumns

  /// Whether rows show the ranging (`--ranging`): SMOOTHED is the ranging's smoothed RSSI, and
  /// the distance, its interval and the proximity follow it.
  package let showsRanging: Bool

  package init(catalog: StationCatalog, maximumRows: Int = 256, showsRanging: Bool = false) {
    self.catalog = catalog
    self.maximumRows = maximumRows
    self.showsRanging = showsRanging
    stationColumn = .displayNames(of: catalog.stations)
    columns =
      showsRanging
      ? TextColumns(
        widths: [stationColumn.width, 13, 24, 17, 5, 8] + RangingText.widths.dropFirst() + [7],
        rightAligned: [4, 5, 6, 7, 8, 10])
      : TextColumns(widths: [stationColumn.width, 13, 24, 17, 5, 8, 7], rightAligned: [4, 5, 6])
  }

  /// Takes a report; `ranged`: the beacon's ranging after it, shown with ``showsRanging``.
  package mutating func record(_ sighting: BeaconSighting, ranged: BeaconState? = nil) {
    let identity = sighting.frame.identity
    var row =
      rows[identity]
      ?? Row(
        identity: identity, station: catalog.station(for: identity), address: sighting.address, rssi: nil,
        smoothedRSSI: nil, reports: 0, firstSeen: sighting.time, lastSeen: sighting.time)
    row.reports += 1
    row.address = sighting.address
    row.lastSeen = sighting.time
    row.ranged = ranged
    if let rssi = sighting.rssi {
      row.rssi = rssi
      let value = Double(rssi)
      row.smoothedRSSI = row.smoothedRSSI.map { $0 + Self.smoothingFactor * (value - $0) } ?? value
    }
    if rows[identity] == nil, rows.count >= maximumRows,
      let oldest = rows.values.lazy.filter({ $0.station == nil }).min(by: { $0.lastSeen < $1.lastSeen })
    {
      rows[oldest.identity] = nil
      droppedRows += 1
    }
    rows[identity] = row
  }

  /// Rows in a stable order: stations in catalog order first (as `--summary` lists them), then
  /// other beacons by identity text.
  package var sortedRows: [Row] {
    rows.values.sorted { lhs, rhs in
      switch (lhs.station, rhs.station) {
      case (.some(let left), .some(let right)):
        return (catalog.position(of: left) ?? .max) < (catalog.position(of: right) ?? .max)
      case (.some, .none): return true
      case (.none, .some): return false
      case (.none, .none): return lhs.identity.description < rhs.identity.description
      }
    }
  }

  /// How the LAST SEEN column tells when a beacon was heard last.
  package enum LastSeen: Sendable {
    /// Seconds before now: a live table's.
    case age
    /// The capture's own timestamp (ISO 8601, as a replay's lines show their TIME): after a
    /// replay, an age before the capture's end would read as an age before now.
    case captureTime
  }

  /// The table as text lines; LAST SEEN as `lastSeen` says, an age measured from `now`.
  package func lines(now: Timestamp, lastSeen: LastSeen = .age) -> [String] {
    let ranging = showsRanging ? Array(RangingText.headers.dropFirst()) : []
    var lines = [
      columns.line(
        ["STATION", "KIND", "IDENTITY", "ADDRESS", "RSSI", "SMOOTHED"] + ranging + ["REPORTS", "LAST SEEN"])
    ]
    for row in sortedRows {
      let age = Double(now.microsecondsSinceUnixEpoch - row.lastSeen.microsecondsSinceUnixEpoch) / 1_000_000
      let smoothed = showsRanging ? row.ranged?.smoothedRSSI : row.smoothedRSSI
      var cells: [String] = [
        row.station.map { stationColumn.cell($0.displayName) } ?? "-", row.identity.kind.rawValue,
        row.identity.shortText, row.address.description, row.rssi.map { String($0) } ?? "n/a",
        smoothed.map { NumberText.oneDecimal($0) } ?? "n/a",
      ]
      if showsRanging { cells += RangingText.cells(row.ranged).dropFirst() }
      cells.append(String(row.reports))
      cells.append(lastSeen == .age ? "\(NumberText.oneDecimal(max(age, 0))) s ago" : row.lastSeen.iso8601)
      lines.append(columns.line(cells))
    }
    if droppedRows > 0 {
      lines.append(
        "\(droppedRows) row(s) of beacons heard longer ago dropped: the table keeps the \(maximumRows) heard last")
    }
    return lines
  }
}
