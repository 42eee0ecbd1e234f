import BluetoothTypes

/// The iBeacon proximity UUIDs of this project's beacons. The built-in network itself is data,
/// read by the StationCatalogs module (`BuiltInNetwork`); the rider domain takes a network as a
/// ``StationCatalog``.
///
/// Stations broadcast iBeacon ``station`` with major = their home line's code and minor = their
/// position along it; trains carry beacons of their own, ``train`` (``TrainBeaconScheme``):
/// major = line × 10 + 1 towards the line's last station, + 2 towards its first; minor = the
/// train set.
public enum RailBeaconUUIDs {
  /// The station beacons': F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3.
  public static let station = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3)

  /// The beacons trains carry: F63B21BA-2635-4BE4-8A11-72411E5B0001.
  public static let train = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0x8A11_7241_1E5B_0001)
}
