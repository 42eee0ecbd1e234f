import HCICodec

/// One advertising report that carried a beacon frame.
public struct BeaconSighting: Hashable, Sendable {
  public var time: CaptureTime
  public var address: BluetoothAddress
  public var addressType: LEAddressType
  /// RSSI in dBm as the controller measured it, `nil` when it reported none.
  public var rssi: Int8?
  public var frame: BeaconFrame
  /// The catalog's station for this beacon, if any.
  public var station: Station?
  public var origin: PacketOrigin?

  public init(
    time: CaptureTime, address: BluetoothAddress, addressType: LEAddressType, rssi: Int8?,
    frame: BeaconFrame, station: Station?, origin: PacketOrigin? = nil
  ) {
    self.time = time
    self.address = address
    self.addressType = addressType
    self.rssi = rssi
    self.frame = frame
    self.station = station
    self.origin = origin
  }
}
