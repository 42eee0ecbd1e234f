import BluetoothTypes

/// One advertising report that carried a beacon frame: who sent it, how strong, when.
///
/// A sighting says nothing of stations: naming a beacon is the catalog's job
/// (`MRTNavigation`'s `StationCatalog`), so the same sighting serves any catalog.
public struct BeaconSighting: Hashable, Sendable {
  public var time: Timestamp
  public var address: BluetoothAddress
  public var addressType: LEAddressType
  /// RSSI in dBm as the controller measured it, `nil` when it reported none.
  public var rssi: Int8?
  public var frame: BeaconFrame
  /// The radio that heard it, when a run reads several (`-i hci0 -i hci1`); `nil` with one.
  public var controller: String?

  public init(
    time: Timestamp, address: BluetoothAddress, addressType: LEAddressType, rssi: Int8?, frame: BeaconFrame,
    controller: String? = nil
  ) {
    self.time = time
    self.address = address
    self.addressType = addressType
    self.rssi = rssi
    self.frame = frame
    self.controller = controller
  }
}
