import Beacons
import ProgramOutput

extension JSONLine {
  /// A beacon identity's fields: `uuid`, `major`, `minor` (iBeacon, AltBeacon) or `namespace`,
  /// `instance` (Eddystone-UID), as the catalog and the README's schemas write them.
  package mutating func add(identity: BeaconIdentity) {
    switch identity {
    case .iBeacon(let uuid, let major, let minor), .altBeacon(let uuid, let major, let minor):
      add("uuid", uuid.description)
      add("major", major)
      add("minor", minor)
    case .eddystoneUID(let namespace, let instance):
      add("namespace", namespace.description)
      add("instance", EddystoneUID.instanceText(instance))
    }
  }
}
