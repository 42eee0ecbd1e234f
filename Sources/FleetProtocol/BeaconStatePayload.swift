import Beacons
import BluetoothTypes
import MRTNavigation
import ProgramOutput

/// A beacon's state as this node sees it, the JSON of `PREFIX/NODE/beacons/KEY`:
///
/// ```json
/// {"id":"iBeacon:UUID-MAJOR-MINOR","kind":"ibeacon","uuid":"…","major":1,"minor":2,
///  "station":"CipeteRaya","stationName":"Cipete Raya","address":"…","rssi":-71,
///  "rssiSmoothed":-72.5,"txPower":-59,"distance":4.1,"distanceLow":2.7,"distanceHigh":6.3,
///  "proximity":"far",
///  "lastSeen":"2026-…Z","reports":12,"node":"pi-platform-1"}
/// ```
///
/// `id` is written as ESPresense writes iBeacon ids; `rssiSmoothed`, `distance` and its interval
/// `distanceLow`–`distanceHigh` are ``BeaconRanging``'s (a trimmed mean over 10 s with the
/// receiver's offset; the log-distance model), `null` when unknown.
package enum BeaconStatePayload {
  package static func json(_ state: BeaconState, station: Station?, node: String) -> String {
    var object = JSONLine()
    object.add("id", espresenseID(state.identity))
    object.add("kind", state.identity.kind.rawValue)
    object.add(identity: state.identity)
    object.add("station", station?.name)
    object.add("stationName", station?.displayName)
    object.add("address", state.address.description)
    object.add("rssi", state.lastRSSI)
    object.add("rssiSmoothed", state.smoothedRSSI.map(NumberText.hundredths))
    object.add("txPower", state.txPowerAt1m)
    object.add("distance", state.estimatedDistance.map(NumberText.hundredths))
    object.add("distanceLow", state.distanceLow.map(NumberText.hundredths))
    object.add("distanceHigh", state.distanceHigh.map(NumberText.hundredths))
    object.add("proximity", state.proximity.rawValue)
    object.add("lastSeen", state.lastSeen.iso8601)
    object.add("reports", state.reportCount)
    object.add("node", node)
    if let controller = state.controller { object.add("controller", controller) }
    return object.line
  }

  /// ESPresense's id of a beacon: `iBeacon:UUID-MAJOR-MINOR` with the UUID in lower-case hex
  /// without dashes (as its firmware writes it), `altBeacon:…` the same way,
  /// `eddystone:NAMESPACE-INSTANCE`.
  package static func espresenseID(_ identity: BeaconIdentity) -> String {
    switch identity {
    case .iBeacon(let uuid, let major, let minor): return "iBeacon:\(plainHex(uuid))-\(major)-\(minor)"
    case .altBeacon(let id1, let id2, let id3): return "altBeacon:\(plainHex(id1))-\(id2)-\(id3)"
    case .eddystoneUID(let namespace, let instance):
      return "eddystone:\(namespace.description.lowercased())-\(EddystoneUID.instanceText(instance).lowercased())"
    }
  }

  /// The state as ESPresense's nodes publish a device: `id`, `name` (the station's, when it has
  /// one), `rssi@1m` (the frame's measured power), `rssi` (the smoothed RSSI), `mac`, `distance`
  /// (metres), `last` (when last heard).
  package static func espresenseJSON(_ state: BeaconState, station: Station?) -> String {
    var object = JSONLine()
    object.add("id", espresenseID(state.identity))
    object.add("name", station?.displayName)
    object.add("rssi@1m", state.txPowerAt1m)
    object.add("rssi", state.smoothedRSSI.map(NumberText.hundredths))
    object.add("mac", state.address.description.lowercased().filter { $0 != ":" })
    object.add("distance", state.estimatedDistance.map(NumberText.hundredths))
    object.add("last", state.lastSeen.iso8601)
    return object.line
  }

  private static func plainHex(_ uuid: UUID128) -> String { uuid.description.lowercased().filter { $0 != "-" } }

}
