import BluetoothTypes

/// HCI_LE_Set_Extended_Advertising_Parameters (Core v5.4 Vol 4 Part E §7.8.53), version 1
/// (25 parameter octets): the parameters of one advertising set. Returns Status and
/// Selected_TX_Power.
public struct LESetExtendedAdvertisingParameters: HCICommandWithReturnParameters {
  public static let opcode = HCIOpcode(rawValue: 0x2036)

  /// Advertising_TX_Power value meaning "the host has no preference" (0x7F).
  public static let noTXPowerPreference: Int8 = 0x7F

  /// Advertising_Handle.
  public var advertisingHandle: AdvertisingHandle
  /// Advertising_Event_Properties.
  public var advertisingEventProperties: AdvertisingEventProperties
  /// Primary_Advertising_Interval_Min.
  public var primaryAdvertisingIntervalMin: ExtendedAdvertisingInterval
  /// Primary_Advertising_Interval_Max.
  public var primaryAdvertisingIntervalMax: ExtendedAdvertisingInterval
  /// Primary_Advertising_Channel_Map.
  public var primaryAdvertisingChannelMap: AdvertisingChannelMap
  /// Own_Address_Type.
  public var ownAddressType: OwnAddressType
  /// Peer_Address_Type (directed advertising and privacy only).
  public var peerAddressType: PeerAddressType
  /// Peer_Address (directed advertising and privacy only).
  public var peerAddress: BluetoothAddress
  /// Advertising_Filter_Policy.
  public var advertisingFilterPolicy: AdvertisingFilterPolicy
  /// Advertising_TX_Power: the most the host wants, in dBm (−127...+20), or
  /// ``noTXPowerPreference``.
  public var advertisingTXPower: Int8
  /// Primary_Advertising_PHY: ``LEPHY/le1M`` or ``LEPHY/leCoded``.
  public var primaryAdvertisingPHY: LEPHY
  /// Secondary_Advertising_Max_Skip: advertising events the AUX_ADV_IND may skip (0 = none).
  public var secondaryAdvertisingMaxSkip: UInt8
  /// Secondary_Advertising_PHY.
  public var secondaryAdvertisingPHY: LEPHY
  /// Advertising_SID: the set identifier carried in the ADI field (0x00...0x0F).
  public var advertisingSID: UInt8
  /// Scan_Request_Notification_Enable.
  public var scanRequestNotificationEnable: Bool

  public init(
    advertisingHandle: AdvertisingHandle, advertisingEventProperties: AdvertisingEventProperties,
    primaryAdvertisingIntervalMin: ExtendedAdvertisingInterval,
    primaryAdvertisingIntervalMax: ExtendedAdvertisingInterval,
    primaryAdvertisingChannelMap: AdvertisingChannelMap = .all, ownAddressType: OwnAddressType = .public,
    peerAddressType: PeerAddressType = .public, peerAddress: BluetoothAddress = BluetoothAddress(rawValue: 0),
    advertisingFilterPolicy: AdvertisingFilterPolicy = .processAll,
    advertisingTXPower: Int8 = LESetExtendedAdvertisingParameters.noTXPowerPreference,
    primaryAdvertisingPHY: LEPHY = .le1M, secondaryAdvertisingMaxSkip: UInt8 = 0,
    secondaryAdvertisingPHY: LEPHY = .le1M, advertisingSID: UInt8 = 0, scanRequestNotificationEnable: Bool = false
  ) {
    self.advertisingHandle = advertisingHandle
    self.advertisingEventProperties = advertisingEventProperties
    self.primaryAdvertisingIntervalMin = primaryAdvertisingIntervalMin
    self.primaryAdvertisingIntervalMax = primaryAdvertisingIntervalMax
    self.primaryAdvertisingChannelMap = primaryAdvertisingChannelMap
    self.ownAddressType = ownAddressType
    self.peerAddressType = peerAddressType
    self.peerAddress = peerAddress
    self.advertisingFilterPolicy = advertisingFilterPolicy
    self.advertisingTXPower = advertisingTXPower
    self.primaryAdvertisingPHY = primaryAdvertisingPHY
    self.secondaryAdvertisingMaxSkip = secondaryAdvertisingMaxSkip
    self.secondaryAdvertisingPHY = secondaryAdvertisingPHY
    self.advertisingSID = advertisingSID
    self.scanRequestNotificationEnable = scanRequestNotificationEnable
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(advertisingHandle.rawValue)
    writer.writeUInt16LE(advertisingEventProperties.rawValue)
    writer.writeUInt24LE(primaryAdvertisingIntervalMin.rawValue)
    writer.writeUInt24LE(primaryAdvertisingIntervalMax.rawValue)
    writer.write(primaryAdvertisingChannelMap.rawValue)
    writer.write(ownAddressType.rawValue)
    writer.write(peerAddressType.rawValue)
    writer.write(peerAddress)
    writer.write(advertisingFilterPolicy.rawValue)
    writer.write(advertisingTXPower)
    writer.write(primaryAdvertisingPHY.rawValue)
    writer.write(secondaryAdvertisingMaxSkip)
    writer.write(secondaryAdvertisingPHY.rawValue)
    writer.write(advertisingSID)
    writer.write(scanRequestNotificationEnable)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingHandle = AdvertisingHandle(rawValue: try reader.readUInt8("Advertising_Handle"))
    advertisingEventProperties = AdvertisingEventProperties(
      rawValue: try reader.readUInt16LE("Advertising_Event_Properties"))
    primaryAdvertisingIntervalMin = ExtendedAdvertisingInterval(
      rawValue: try reader.readUInt24LE("Primary_Advertising_Interval_Min"))
    primaryAdvertisingIntervalMax = ExtendedAdvertisingInterval(
      rawValue: try reader.readUInt24LE("Primary_Advertising_Interval_Max"))
    primaryAdvertisingChannelMap = AdvertisingChannelMap(
      rawValue: try reader.readUInt8("Primary_Advertising_Channel_Map"))
    ownAddressType = OwnAddressType(rawValue: try reader.readUInt8("Own_Address_Type"))
    peerAddressType = PeerAddressType(rawValue: try reader.readUInt8("Peer_Address_Type"))
    peerAddress = try reader.readAddress("Peer_Address")
    advertisingFilterPolicy = AdvertisingFilterPolicy(rawValue: try reader.readUInt8("Advertising_Filter_Policy"))
    advertisingTXPower = try reader.readInt8("Advertising_TX_Power")
    primaryAdvertisingPHY = LEPHY(rawValue: try reader.readUInt8("Primary_Advertising_PHY"))
    secondaryAdvertisingMaxSkip = try reader.readUInt8("Secondary_Advertising_Max_Skip")
    secondaryAdvertisingPHY = LEPHY(rawValue: try reader.readUInt8("Secondary_Advertising_PHY"))
    advertisingSID = try reader.readUInt8("Advertising_SID")
    scanRequestNotificationEnable = try reader.readBool("Scan_Request_Notification_Enable")
  }

  /// The return parameters: 2 octets.
  public struct ReturnParameters: HCIReturnParameters {
    /// Status.
    public var status: HCIStatus
    /// Selected_TX_Power: the transmit power the controller chose, in dBm (−127...+20).
    public var selectedTXPower: Int8

    public init(status: HCIStatus, selectedTXPower: Int8) {
      self.status = status
      self.selectedTXPower = selectedTXPower
    }

    public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
      status = HCIStatus(rawValue: try reader.readUInt8("Status"))
      selectedTXPower = try reader.readInt8("Selected_TX_Power")
    }

    public func encode(into writer: inout ByteWriter) {
      writer.write(status.rawValue)
      writer.write(selectedTXPower)
    }
  }
}
