import BluetoothTypes

/// HCI_LE_Set_Advertising_Parameters (Core v5.4 Vol 4 Part E §7.8.5): legacy advertising
/// parameters. Returns Status.
public struct LESetAdvertisingParameters: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2006)

  /// Advertising_Interval_Min.
  public var advertisingIntervalMin: AdvertisingInterval
  /// Advertising_Interval_Max.
  public var advertisingIntervalMax: AdvertisingInterval
  /// Advertising_Type.
  public var advertisingType: AdvertisingType
  /// Own_Address_Type.
  public var ownAddressType: OwnAddressType
  /// Peer_Address_Type (only used for directed advertising and privacy).
  public var peerAddressType: PeerAddressType
  /// Peer_Address (only used for directed advertising and privacy).
  public var peerAddress: BluetoothAddress
  /// Advertising_Channel_Map.
  public var advertisingChannelMap: AdvertisingChannelMap
  /// Advertising_Filter_Policy.
  public var advertisingFilterPolicy: AdvertisingFilterPolicy

  public init(
    advertisingIntervalMin: AdvertisingInterval, advertisingIntervalMax: AdvertisingInterval,
    advertisingType: AdvertisingType, ownAddressType: OwnAddressType = .public,
    peerAddressType: PeerAddressType = .public, peerAddress: BluetoothAddress = BluetoothAddress(rawValue: 0),
    advertisingChannelMap: AdvertisingChannelMap = .all, advertisingFilterPolicy: AdvertisingFilterPolicy = .processAll
  ) {
    self.advertisingIntervalMin = advertisingIntervalMin
    self.advertisingIntervalMax = advertisingIntervalMax
    self.advertisingType = advertisingType
    self.ownAddressType = ownAddressType
    self.peerAddressType = peerAddressType
    self.peerAddress = peerAddress
    self.advertisingChannelMap = advertisingChannelMap
    self.advertisingFilterPolicy = advertisingFilterPolicy
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.writeUInt16LE(advertisingIntervalMin.rawValue)
    writer.writeUInt16LE(advertisingIntervalMax.rawValue)
    writer.write(advertisingType.rawValue)
    writer.write(ownAddressType.rawValue)
    writer.write(peerAddressType.rawValue)
    writer.write(peerAddress)
    writer.write(advertisingChannelMap.rawValue)
    writer.write(advertisingFilterPolicy.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingIntervalMin = AdvertisingInterval(rawValue: try reader.readUInt16LE("Advertising_Interval_Min"))
    advertisingIntervalMax = AdvertisingInterval(rawValue: try reader.readUInt16LE("Advertising_Interval_Max"))
    advertisingType = AdvertisingType(rawValue: try reader.readUInt8("Advertising_Type"))
    ownAddressType = OwnAddressType(rawValue: try reader.readUInt8("Own_Address_Type"))
    peerAddressType = PeerAddressType(rawValue: try reader.readUInt8("Peer_Address_Type"))
    peerAddress = try reader.readAddress("Peer_Address")
    advertisingChannelMap = AdvertisingChannelMap(rawValue: try reader.readUInt8("Advertising_Channel_Map"))
    advertisingFilterPolicy = AdvertisingFilterPolicy(rawValue: try reader.readUInt8("Advertising_Filter_Policy"))
  }
}
