import Beacons
import BluetoothTypes
import MRTNavigation
import ProgramOutput

/// Turns beacon sightings into output lines, in the README's text or JSON schema.
package struct SightingFormatter: Sendable {
  package var format: OutputFormat
  /// Whether text rows end with the radio that heard the beacon (a run of several radios).
  package var showsController: Bool

  package init(format: OutputFormat, showsController: Bool = false) {
    self.format = format
    self.showsController = showsController
  }

  /// The column header for text output, `nil` for JSON.
  package var header: String? {
    switch format {
    case .json: return nil
    case .text:
      return columns.line(
        ["TIME", "ADDRESS", "TYPE", "RSSI", "KIND", "UUID / NAMESPACE", "MAJOR", "MINOR", "TX@1M", "STATION"]
          + (showsController ? ["CONTROLLER"] : []))
    }
  }

  /// One line (without newline) for a sighting of `station`'s beacon (`nil`: no station's).
  package func line(for sighting: BeaconSighting, station: Station?) -> String {
    switch format {
    case .json: return json(sighting, station: station)
    case .text: return text(sighting, station: station)
    }
  }

  /// The JSON object for a sighting. Fields: see README, "JSON output".
  package func json(_ sighting: BeaconSighting, station: Station?) -> String {
    var object = JSONLine()
    object.add("time", sighting.time.iso8601)
    object.add("address", sighting.address.description)
    object.add("addressType", Self.addressTypeName(sighting.addressType))
    object.add("rssi", sighting.rssi)
    object.add("kind", sighting.frame.kind.rawValue)
    let identity = sighting.frame.identity
    object.add("uuid", identity.uuid?.description)
    object.add("major", identity.major)
    object.add("minor", identity.minor)
    object.add("txPower", sighting.frame.txPowerAt1m)
    object.add("station", station?.name)
    if let controller = sighting.controller { object.add("controller", controller) }
    switch sighting.frame {
    case .eddystoneUID(let frame):
      object.add("namespace", frame.namespace.description)
      object.add("instance", EddystoneUID.instanceText(frame.instance))
      object.add("txPowerAt0m", frame.txPowerAt0m)
    case .altBeacon(let frame):
      object.add("companyId", frame.companyIdentifier)
    case .iBeacon:
      break
    }
    return object.line
  }

  /// One aligned text row for a sighting.
  package func text(_ sighting: BeaconSighting, station: Station?) -> String {
    let identity = sighting.frame.identity
    let idText: String
    switch sighting.frame {
    case .eddystoneUID(let frame): idText = "\(frame.namespace) \(EddystoneUID.instanceText(frame.instance))"
    default: idText = identity.uuid?.description ?? "-"
    }
    var fields = [
      sighting.time.iso8601,
      sighting.address.description,
      Self.addressTypeName(sighting.addressType) ?? "-",
      sighting.rssi.map { String($0) } ?? "n/a",
      sighting.frame.kind.rawValue,
      idText,
      identity.major.map { String($0) } ?? "-",
      identity.minor.map { String($0) } ?? "-",
      String(sighting.frame.txPowerAt1m),
      station?.displayName ?? "-",
    ]
    if showsController { fields.append(sighting.controller ?? "-") }
    return columns.line(fields)
  }

  /// "public" or "random"; identity address types fold into those two. `nil` if neither.
  package static func addressTypeName(_ type: LEAddressType) -> String? {
    switch type.isRandom {
    case .some(true): return "random"
    case .some(false): return "public"
    case .none: return nil
    }
  }

  private static let textColumns = TextColumns(
    widths: [24, 17, 6, 5, 13, 36, 5, 5, 5], rightAligned: [3, 6, 7, 8])
  /// With the station padded, for the controller after it.
  private static let textColumnsWithController = TextColumns(
    widths: [24, 17, 6, 5, 13, 36, 5, 5, 5, 20], rightAligned: [3, 6, 7, 8])

  private var columns: TextColumns { showsController ? Self.textColumnsWithController : Self.textColumns }
}
