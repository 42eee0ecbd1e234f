import Beacons
import BluetoothTypes
import MRTNavigation
import ProgramOutput

/// Turns beacon sightings into output lines, in the README's text or JSON schema.
package struct SightingFormatter: Sendable {
  package var format: OutputFormat
  /// Whether text rows end with the radio that heard the beacon (a run of several radios).
  package var showsController: Bool
  /// Whether lines carry the beacon's ranging (`--ranging`): smoothed RSSI, distance with its
  /// interval, proximity; text rows in columns after TX@1M.
  package var showsRanging: Bool

  package init(format: OutputFormat, showsController: Bool = false, showsRanging: Bool = false) {
    self.format = format
    self.showsController = showsController
    self.showsRanging = showsRanging
  }

  /// The column header for text output, `nil` for JSON.
  package var header: String? {
    switch format {
    case .json: return nil
    case .text:
      return columns.line(
        ["TIME", "ADDRESS", "TYPE", "RSSI", "KIND", "UUID / NAMESPACE", "MAJOR", "MINOR", "TX@1M"]
          + (showsRanging ? RangingText.headers : []) + ["STATION"] + (showsController ? ["CONTROLLER"] : []))
    }
  }

  /// One line (without newline) for a sighting of `station`'s beacon (`nil`: no station's), with
  /// the beacon's `ranged` state after it when ``showsRanging``.
  package func line(for sighting: BeaconSighting, station: Station?, ranged: BeaconState? = nil) -> String {
    switch format {
    case .json: return json(sighting, station: station, ranged: ranged)
    case .text: return text(sighting, station: station, ranged: ranged)
    }
  }

  /// The JSON object for a sighting. Fields: see README, "JSON output"; with ``showsRanging``,
  /// `rssiSmoothed`, `distance`, `distanceLow`, `distanceHigh` (`null` when unknown) and
  /// `proximity`.
  package func json(_ sighting: BeaconSighting, station: Station?, ranged: BeaconState? = nil) -> String {
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
    if showsRanging { RangingText.add(ranged, to: &object) }
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
  package func text(_ sighting: BeaconSighting, station: Station?, ranged: BeaconState? = nil) -> String {
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
    ]
    if showsRanging { fields += RangingText.cells(ranged) }
    fields.append(station?.displayName ?? "-")
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

  /// With the ranging columns after TX@1M.
  private static let textColumnsWithRanging = TextColumns(
    widths: [24, 17, 6, 5, 13, 36, 5, 5, 5] + RangingText.widths,
    rightAligned: Set([3, 6, 7, 8] + RangingText.rightAligned.map { $0 + 9 }))
  private static let textColumnsWithRangingAndController = TextColumns(
    widths: [24, 17, 6, 5, 13, 36, 5, 5, 5] + RangingText.widths + [20],
    rightAligned: Set([3, 6, 7, 8] + RangingText.rightAligned.map { $0 + 9 }))

  private var columns: TextColumns {
    switch (showsRanging, showsController) {
    case (false, false): return Self.textColumns
    case (false, true): return Self.textColumnsWithController
    case (true, false): return Self.textColumnsWithRanging
    case (true, true): return Self.textColumnsWithRangingAndController
    }
  }
}
