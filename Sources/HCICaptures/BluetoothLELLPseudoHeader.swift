import BluetoothTypes

/// The 10-byte pseudo-header of `LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR` (256) frames, written
/// by radio sniffers (Ubertooth, ice9-bluetooth-sniffer with a HackRF) before each link-layer
/// packet. All multi-byte fields are little-endian.
///
/// ```
/// RF_Channel UInt8 | Signal_Power Int8 (dBm) | Noise_Power Int8 (dBm) |
/// Access_Address_Offenses UInt8 | Reference_Access_Address UInt32 | Flags UInt16
/// ```
public struct BluetoothLELLPseudoHeader: Hashable, Sendable {
  /// Size of the pseudo-header.
  public static let size = 10

  public var rfChannel: UInt8
  public var signalPower: Int8
  public var noisePower: Int8
  public var accessAddressOffenses: UInt8
  public var referenceAccessAddress: UInt32
  public var flags: Flags

  /// Which fields are valid and what the sniffer checked.
  public struct Flags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The packet was dewhitened.
    public static let dewhitened = Flags(rawValue: 0x0001)
    /// ``BluetoothLELLPseudoHeader/signalPower`` is valid.
    public static let signalPowerValid = Flags(rawValue: 0x0002)
    /// ``BluetoothLELLPseudoHeader/noisePower`` is valid.
    public static let noisePowerValid = Flags(rawValue: 0x0004)
    /// The packet was decrypted.
    public static let decrypted = Flags(rawValue: 0x0008)
    /// ``BluetoothLELLPseudoHeader/referenceAccessAddress`` is valid.
    public static let referenceAccessAddressValid = Flags(rawValue: 0x0010)
    /// ``BluetoothLELLPseudoHeader/accessAddressOffenses`` is valid.
    public static let accessAddressOffensesValid = Flags(rawValue: 0x0020)
    /// The RF channel may be aliased.
    public static let channelAliased = Flags(rawValue: 0x0040)
    /// The sniffer checked the CRC.
    public static let crcChecked = Flags(rawValue: 0x0400)
    /// The CRC is valid (meaningful only with ``crcChecked``).
    public static let crcValid = Flags(rawValue: 0x0800)
    /// The sniffer checked the MIC.
    public static let micChecked = Flags(rawValue: 0x1000)
    /// The MIC is valid (meaningful only with ``micChecked``).
    public static let micValid = Flags(rawValue: 0x2000)
  }

  /// Reads the pseudo-header, leaving `reader` at the link-layer packet.
  public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    rfChannel = try reader.readUInt8("RF_Channel")
    signalPower = try reader.readInt8("Signal_Power")
    noisePower = try reader.readInt8("Noise_Power")
    accessAddressOffenses = try reader.readUInt8("Access_Address_Offenses")
    referenceAccessAddress = try reader.readUInt32LE("Reference_Access_Address")
    flags = Flags(rawValue: try reader.readUInt16LE("Flags"))
  }

  /// The signal power in dBm when the sniffer measured it.
  public var rssi: Int8? { flags.contains(.signalPowerValid) ? signalPower : nil }

  /// `true` or `false` if the sniffer checked the CRC, `nil` if it did not.
  public var crcIsValid: Bool? { flags.contains(.crcChecked) ? flags.contains(.crcValid) : nil }
}
