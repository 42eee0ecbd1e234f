import BeaconDomain
import HCICodec

/// What `beacon-broadcast` advertises, in the form it prints.
struct BroadcastPlan {
  var station: Station?
  var frame: IBeacon
  var interval: AdvertisingInterval

  /// The interval in the controller's 0.625 ms units.
  var intervalUnits: Int { Int(interval.rawValue) }

  var advertising: LegacyBeaconAdvertising { LegacyBeaconAdvertising(frame: .iBeacon(frame), interval: interval) }

  func lines(format: OutputFormat) throws -> [String] {
    let data = Array(frame.advertisingData.bytes)
    let commands = try advertising.commands()
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
      object.add("intervalMs", interval.milliseconds)
      object.add("advertisingType", "ADV_NONCONN_IND")
      object.add("commandSet", "legacy")
      object.add("hciCommands", strings: commands.map { Hex.encode($0.encodedPacket()) })
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
        "Interval:          \(interval.milliseconds) ms (\(intervalUnits) × 0.625 ms), "
          + "non-connectable undirected (ADV_NONCONN_IND)")
      lines.append("HCI commands (legacy advertising set), in order:")
      for command in commands {
        lines.append(
          "  \(String(describing: type(of: command)).padding(to: 28)) \(Hex.encode(command.encodedPacket(), separator: " "))"
        )
      }
      lines.append("Dry run: nothing was sent to a controller; live advertising is not in this version.")
      return lines
    }
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
