/// LE_Features: the Link Layer feature set, page 0 (Core v5.4 Vol 6 Part B §4.6), as
/// returned by HCI_LE_Read_Local_Supported_Features. Bit n of the 64-bit value is bit n of
/// the 8-octet field, sent least significant octet first.
public struct LEFeatures: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Bit 0: LE Encryption.
  public static let leEncryption = LEFeatures(rawValue: 1 << 0)
  /// Bit 1: Connection Parameters Request procedure.
  public static let connectionParametersRequestProcedure = LEFeatures(rawValue: 1 << 1)
  /// Bit 2: Extended Reject Indication.
  public static let extendedRejectIndication = LEFeatures(rawValue: 1 << 2)
  /// Bit 3: Peripheral-initiated Features Exchange.
  public static let peripheralInitiatedFeaturesExchange = LEFeatures(rawValue: 1 << 3)
  /// Bit 4: LE Ping.
  public static let lePing = LEFeatures(rawValue: 1 << 4)
  /// Bit 5: LE Data Packet Length Extension.
  public static let leDataPacketLengthExtension = LEFeatures(rawValue: 1 << 5)
  /// Bit 6: LL Privacy.
  public static let llPrivacy = LEFeatures(rawValue: 1 << 6)
  /// Bit 7: Extended Scanner Filter Policies.
  public static let extendedScannerFilterPolicies = LEFeatures(rawValue: 1 << 7)
  /// Bit 8: LE 2M PHY.
  public static let le2MPHY = LEFeatures(rawValue: 1 << 8)
  /// Bit 9: Stable Modulation Index – Transmitter.
  public static let stableModulationIndexTransmitter = LEFeatures(rawValue: 1 << 9)
  /// Bit 10: Stable Modulation Index – Receiver.
  public static let stableModulationIndexReceiver = LEFeatures(rawValue: 1 << 10)
  /// Bit 11: LE Coded PHY.
  public static let leCodedPHY = LEFeatures(rawValue: 1 << 11)
  /// Bit 12: LE Extended Advertising; without it use the legacy advertising and scanning commands.
  public static let leExtendedAdvertising = LEFeatures(rawValue: 1 << 12)
  /// Bit 13: LE Periodic Advertising.
  public static let lePeriodicAdvertising = LEFeatures(rawValue: 1 << 13)
  /// Bit 14: Channel Selection Algorithm #2.
  public static let channelSelectionAlgorithm2 = LEFeatures(rawValue: 1 << 14)
  /// Bit 15: LE Power Class 1.
  public static let lePowerClass1 = LEFeatures(rawValue: 1 << 15)
}
