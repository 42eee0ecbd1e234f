import BeaconScanning
import BluetoothTypes
import MRTNavigation
import Positioning

/// Lines for station events (`beacon-scan --notify`, `beacon-ride`): text for people, or one
/// JSON object per event with `time`, `event` (found, arrived, left, suspect), `station`,
/// `displayName` and `rssi` (the smoothed RSSI that triggered it, dBm, one decimal). Events of
/// `beacon-ride`, which has two sources, also say their `source` (`bluetooth` or `gps`), and a
/// GPS event its position (`lat`, `lon`; `time` is then the fix's own).
struct StationEventFormatter {
  enum Kind: String {
    case found, arrived, left, suspect
  }

  var format: OutputFormat

  /// A Bluetooth-only event (`beacon-scan --notify`): no `source`.
  func line(_ kind: Kind, _ station: Station, rssi: Double?, at time: CaptureTime, detail: String? = nil)
    -> String
  {
    line(kind, station, rssi: rssi, gps: nil, source: nil, at: time, detail: detail)
  }

  /// An event found by either source, saying which.
  func line(_ kind: Kind, _ station: Station, evidence: StationEvidence, at time: CaptureTime) -> String {
    var gps: GeoCoordinate?
    if case .gps(let fix) = evidence { gps = fix.position }
    return line(kind, station, rssi: evidence.rssi, gps: gps, source: evidence.source, at: time, detail: nil)
  }

  private func line(
    _ kind: Kind, _ station: Station, rssi: Double?, gps: GeoCoordinate?, source: StationSource?,
    at time: CaptureTime, detail: String?
  ) -> String {
    switch format {
    case .json:
      var object = JSONLine()
      object.add("time", time.iso8601)
      object.add("event", kind.rawValue)
      object.add("station", station.name)
      object.add("displayName", station.displayName)
      object.add("rssi", rssi.map { ($0 * 10).rounded() / 10 })
      if let source { object.add("source", source.rawValue) }
      if let gps {
        object.add("lat", Self.degrees(gps.latitude))
        object.add("lon", Self.degrees(gps.longitude))
      }
      if let detail { object.add("detail", detail) }
      return object.line
    case .text:
      let name = "\(station.displayName) (\(station.name))"
      var line = "\(time.iso8601)  \(kind.rawValue.uppercased().padding(8))  \(name.padding(30))"
      if let rssi { line += "  \(LiveBeaconTable.oneDecimal(rssi)) dBm" }
      if let gps { line += "  GPS \(Self.degrees(gps.latitude)), \(Self.degrees(gps.longitude))" }
      if let detail { line += "  \(detail)" }
      return line
    }
  }

  /// Degrees to six decimals (about 0.1 m), as the catalog gives them.
  private static func degrees(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}

extension StationSuspicion {
  /// Why a station is suspect, in a few words.
  var summary: String {
    switch self {
    case .tooFarTooSoon(let previous, let stops, let elapsed, let minimum):
      return "\(stops) stops from \(previous.displayName) after \(elapsed.components.seconds) s "
        + "(at least \(minimum.components.seconds) s expected); not announced"
    }
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
