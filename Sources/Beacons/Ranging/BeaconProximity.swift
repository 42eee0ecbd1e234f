/// How close a beacon is, in CoreLocation's vocabulary.
public enum BeaconProximity: String, Hashable, Sendable, CaseIterable {
  /// Closer than ``BeaconRanging/Configuration/immediateDistance`` (about half a metre).
  case immediate
  /// Closer than ``BeaconRanging/Configuration/nearDistance`` (a few metres).
  case near
  /// Further away.
  case far
  /// No distance can be estimated: no RSSI reported, or the beacon's measured power is unusable.
  case unknown
}
