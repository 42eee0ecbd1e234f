import BeaconDomain
import HCICodec

/// What `beacon-broadcast` advertises, in the form it prints.
struct BroadcastPlan {
  var station: Station?
  var frame: IBeacon
  var intervalMilliseconds: Double

  /// The interval in the controller's 0.625 ms units, rounded to the nearest unit.
  var intervalUnits: Int { Int((intervalMilliseconds / 0.625).rounded()) }

  func lines(format: OutputFormat) -> [String] {
    let data = Array(frame.advertisingData.bytes)
    switch format {
    case .json:
      var object = JSONLine()
      object.add("station", station?.name)
      object.add("displayName", station?.displayName)
      object.add("kind", BeaconKind.iBeacon.rawValue)
      object.add("uuid", frame.uuid.description)
      object.add("major", frame.major)
      object.add("minor", frame.minor)
      object.add("measuredPower", frame.measuredPower)
      object.add("advertisingData", Hex.encode(data))
      object.add("intervalMs", Double(intervalUnits) * 0.625)
      object.add("advertisingType", "ADV_NONCONN_IND")
      object.add("dryRun", 1)
      return [object.line]
    case .text:
      var lines: [String] = []
      if let station {
        lines.append("Station:           \(station.displayName) (\(station.name), stop \(station.lineOrder))")
      }
      lines.append("iBeacon:           \(frame.uuid) major \(frame.major) minor \(frame.minor)")
      lines.append("Measured power:    \(frame.measuredPower) dBm at 1 m")
      lines.append("Advertising data:  \(Hex.encode(data, separator: " ")) (\(data.count) bytes)")
      lines.append(
        "Interval:          \(Double(intervalUnits) * 0.625) ms (\(intervalUnits) × 0.625 ms), "
          + "non-connectable undirected (ADV_NONCONN_IND)")
      lines.append("Dry run: nothing was sent to a controller; live advertising is not in this version.")
      return lines
    }
  }
}
