/// The fields every advertising report carries, legacy or extended, so that consumers can
/// treat both alike.
public protocol AdvertisingReportFields: Sendable {
  var addressType: LEAddressType { get }
  var address: BluetoothAddress { get }
  /// RSSI in dBm, `nil` when the controller reported 127 (not available).
  var rssi: Int8? { get }
  /// The AD structures.
  var data: ArraySlice<UInt8> { get }
}
