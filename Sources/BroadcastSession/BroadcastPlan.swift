import Beacons
import BluetoothTypes
import HCICodec
import HCIController
import MRTNavigation
import ProgramOutput

/// What `beacon-broadcast` advertises, in the form it prints.
package struct BroadcastPlan {
  package var station: Station?
  /// The train whose beacon it is (`--train`).
  package var train: Train? = nil
  package var frame: IBeacon
  package var interval: AdvertisingInterval

  /// The interval in the controller's 0.625 ms units.
  package init(station: Station?, train: Train? = nil, frame: IBeacon, interval: AdvertisingInterval) {
    self.station = station
    self.train = train
    self.frame = frame
    self.interval = interval
  }

  package var intervalUnits: Int { Int(interval.rawValue) }

  /// What a session sends with the legacy commands; an iBeacon payload (30 bytes) always fits.
  package func legacyCommands() throws -> [any HCICommand] {
    LegacyAdvertisingCommands(payload: try LegacyAdvertisingPayload(frame.advertisingData), interval: interval)
      .sequence
  }

  /// How the plan is being carried out, for the printed report.
  package enum Execution {
    /// Nothing is sent; the legacy command sequence is printed instead.
    case dryRun
    /// Advertising on a controller with this command set, for `dwell` (or until stopped).
    case live(device: String, commandSet: String, dwellSeconds: Double?)
  }

  /// The plan as a JSON object (the `--format json` line), open for more fields.
  package func jsonObject(execution: Execution = .dryRun) throws -> JSONLine {
    var object = JSONLine()
    object.add("station", station?.name)
    object.add("displayName", station?.displayName)
    if let train {
      object.add("trainLine", train.line.name)
      object.add("towards", train.headsign)
      object.add("trainSet", Int(train.trainSet))
    }
    object.add("kind", BeaconKind.iBeacon.rawValue)
    object.add("uuid", frame.uuid.description)
    object.add("major", frame.major)
    object.add("minor", frame.minor)
    object.add("measuredPower", frame.measuredPower)
    object.add("advertisingData", Hex.encode(Array(frame.advertisingData.bytes)))
    object.add("intervalMs", interval.milliseconds)
    object.add("advertisingType", "ADV_NONCONN_IND")
    switch execution {
    case .dryRun:
      object.add("commandSet", "legacy")
      object.add("hciCommands", strings: try legacyCommands().map { Hex.encode($0.encodedPacket()) })
      object.add("dryRun", 1)
    case .live(let device, let commandSet, let dwell):
      object.add("device", device)
      object.add("commandSet", commandSet)
      object.add("dwellSeconds", dwell)
      object.add("dryRun", 0)
    }
    return object
  }

  package func lines(format: OutputFormat, execution: Execution = .dryRun) throws -> [String] {
    let data = Array(frame.advertisingData.bytes)
    switch format {
    case .json:
      return [try jsonObject(execution: execution).line]
    case .text:
      var lines: [String] = []
      // Names from the catalog, which may be a file: shown escaped (TerminalText).
      if let station {
        lines.append(
          TerminalText.escaped("Station:           \(station.displayName) (\(station.name), stop \(station.lineOrder))")
        )
      }
      if let train {
        lines.append(
          TerminalText.escaped(
            "Train:             \(train.line.displayName) towards \(train.headsign), train set \(train.trainSet)"))
      }
      lines.append("iBeacon:           \(frame.uuid) major \(frame.major) minor \(frame.minor)")
      lines.append("Measured power:    \(frame.measuredPower) dBm at 1 m")
      lines.append("Advertising data:  \(Hex.encode(data, separator: " ")) (\(data.count) bytes)")
      lines.append(
        "Interval:          \(interval.milliseconds) ms (\(intervalUnits) × 0.625 ms), "
          + "non-connectable undirected (ADV_NONCONN_IND)")
      switch execution {
      case .dryRun:
        lines.append("HCI commands (legacy advertising set), in order:")
        for command in try legacyCommands() {
          lines.append(
            "  \(String(describing: type(of: command)).padding(to: 28)) \(Hex.encode(command.encodedPacket(), separator: " "))"
          )
        }
        lines.append("Dry run: nothing was sent to a controller. Give -i hci0 (or serial:…, tcp:…) to advertise.")
      case .live(let device, let commandSet, let dwell):
        lines.append(
          commandSet == "management"
            ? "Advertising on:    \(device), an instance through the kernel's management interface (beside bluetoothd)"
            : "Advertising on:    \(device), \(commandSet) advertising commands")
        lines.append(dwell.map { "For:               \($0) s" } ?? "Until:             Ctrl-C")
      }
      return lines
    }
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
