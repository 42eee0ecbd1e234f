import BeaconScanning
import BluetoothTypes
import MRTNavigation

/// Lines for station events (`beacon-scan --notify`, `beacon-ride`): text for people, or one
/// JSON object per event with `time`, `event` (found, arrived, left, suspect), `station`,
/// `displayName` and `rssi` (the smoothed RSSI that triggered it, dBm, one decimal).
struct StationEventFormatter {
  enum Kind: String {
    case found, arrived, left, suspect
  }

  var format: OutputFormat

  func line(_ kind: Kind, _ station: Station, rssi: Double?, at time: CaptureTime, detail: String? = nil)
    -> String
  {
    switch format {
    case .json:
      var object = JSONLine()
      object.add("time", time.iso8601)
      object.add("event", kind.rawValue)
      object.add("station", station.name)
      object.add("displayName", station.displayName)
      object.add("rssi", rssi.map { ($0 * 10).rounded() / 10 })
      if let detail { object.add("detail", detail) }
      return object.line
    case .text:
      let name = "\(station.displayName) (\(station.name))"
      var line = "\(time.iso8601)  \(kind.rawValue.uppercased().padding(8))  \(name.padding(30))"
      if let rssi { line += "  \(LiveBeaconTable.oneDecimal(rssi)) dBm" }
      if let detail { line += "  \(detail)" }
      return line
    }
  }
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
