import BluetoothTypes

/// Supported_Commands: the 64-octet bit field returned by HCI_Read_Local_Supported_Commands
/// (Core v5.4 Vol 4 Part E §6.27, §7.4.2). Bit `b` of octet `o` set means the command the
/// spec's table assigns to (`o`, `b`) is supported.
public struct SupportedCommands: Hashable, Sendable {
  /// The size of the field.
  public static let octetCount = 64

  /// The 64 octets, octet 0 first.
  public let octets: [UInt8]

  /// No command supported.
  public init() { octets = Array(repeating: 0, count: Self.octetCount) }

  /// Throws ``ByteDecodingError/lengthMismatch(field:declared:available:)`` unless there are
  /// exactly 64 octets.
  public init<Octets: Collection>(octets: Octets) throws(ByteDecodingError) where Octets.Element == UInt8 {
    guard octets.count == Self.octetCount else {
      throw .lengthMismatch(field: "Supported_Commands", declared: Self.octetCount, available: octets.count)
    }
    self.octets = Array(octets)
  }

  /// The field with exactly the given bits set; bits outside the field are ignored.
  public init(supporting bits: [Bit]) {
    var octets = Array(repeating: UInt8(0), count: Self.octetCount)
    for bit in bits where (0..<Self.octetCount).contains(bit.octet) && (0..<8).contains(bit.bit) {
      octets[bit.octet] |= 1 << bit.bit
    }
    self.octets = octets
  }

  /// Whether bit `bit` (0–7) of octet `octet` (0–63) is set; `false` outside the field.
  public func supports(octet: Int, bit: Int) -> Bool {
    guard (0..<Self.octetCount).contains(octet), (0..<8).contains(bit) else { return false }
    return octets[octet] & (1 << bit) != 0
  }

  /// Whether `bit` is set.
  public func supports(_ bit: Bit) -> Bool { supports(octet: bit.octet, bit: bit.bit) }

  /// Whether the controller supports `command`, or `nil` when ``Bit/forOpcode(_:)`` has no
  /// table entry for its opcode.
  public func isSupported<Command: HCICommand>(_ command: Command.Type) -> Bool? {
    Bit.forOpcode(Command.opcode).map(supports)
  }
}

extension SupportedCommands {
  /// A position in the Supported_Commands table (Core v5.4 Vol 4 Part E §6.27).
  public struct Bit: Hashable, Sendable {
    /// The octet, 0–63.
    public var octet: Int
    /// The bit within the octet, 0–7.
    public var bit: Int

    public init(octet: Int, bit: Int) {
      self.octet = octet
      self.bit = bit
    }

    /// Octet 5 bit 6: HCI_Set_Event_Mask.
    public static let setEventMask = Bit(octet: 5, bit: 6)
    /// Octet 5 bit 7: HCI_Reset.
    public static let reset = Bit(octet: 5, bit: 7)
    /// Octet 14 bit 3: HCI_Read_Local_Version_Information.
    public static let readLocalVersionInformation = Bit(octet: 14, bit: 3)
    /// Octet 15 bit 1: HCI_Read_BD_ADDR.
    public static let readBDADDR = Bit(octet: 15, bit: 1)
    /// Octet 25 bit 0: HCI_LE_Set_Event_Mask.
    public static let leSetEventMask = Bit(octet: 25, bit: 0)
    /// Octet 25 bit 2: HCI_LE_Read_Local_Supported_Features.
    public static let leReadLocalSupportedFeatures = Bit(octet: 25, bit: 2)
    /// Octet 25 bit 4: HCI_LE_Set_Random_Address.
    public static let leSetRandomAddress = Bit(octet: 25, bit: 4)
    /// Octet 25 bit 5: HCI_LE_Set_Advertising_Parameters.
    public static let leSetAdvertisingParameters = Bit(octet: 25, bit: 5)
    /// Octet 25 bit 7: HCI_LE_Set_Advertising_Data.
    public static let leSetAdvertisingData = Bit(octet: 25, bit: 7)
    /// Octet 26 bit 0: HCI_LE_Set_Scan_Response_Data.
    public static let leSetScanResponseData = Bit(octet: 26, bit: 0)
    /// Octet 26 bit 1: HCI_LE_Set_Advertising_Enable.
    public static let leSetAdvertisingEnable = Bit(octet: 26, bit: 1)
    /// Octet 26 bit 2: HCI_LE_Set_Scan_Parameters.
    public static let leSetScanParameters = Bit(octet: 26, bit: 2)
    /// Octet 26 bit 3: HCI_LE_Set_Scan_Enable.
    public static let leSetScanEnable = Bit(octet: 26, bit: 3)
    /// Octet 36 bit 2: HCI_LE_Set_Extended_Advertising_Parameters.
    public static let leSetExtendedAdvertisingParameters = Bit(octet: 36, bit: 2)
    /// Octet 36 bit 3: HCI_LE_Set_Extended_Advertising_Data.
    public static let leSetExtendedAdvertisingData = Bit(octet: 36, bit: 3)
    /// Octet 36 bit 5: HCI_LE_Set_Extended_Advertising_Enable.
    public static let leSetExtendedAdvertisingEnable = Bit(octet: 36, bit: 5)
    /// Octet 37 bit 0: HCI_LE_Remove_Advertising_Set.
    public static let leRemoveAdvertisingSet = Bit(octet: 37, bit: 0)
    /// Octet 37 bit 5: HCI_LE_Set_Extended_Scan_Parameters.
    public static let leSetExtendedScanParameters = Bit(octet: 37, bit: 5)
    /// Octet 37 bit 6: HCI_LE_Set_Extended_Scan_Enable.
    public static let leSetExtendedScanEnable = Bit(octet: 37, bit: 6)

    /// The table entry for the commands this toolkit sends, by opcode.
    ///
    /// HCI_Read_Local_Supported_Commands itself has no entry: the spec marks octet 14 bit 4
    /// reserved and requires every controller to support the command.
    public static func forOpcode(_ opcode: HCIOpcode) -> Bit? {
      switch opcode {
      case SetEventMask.opcode: return .setEventMask
      case Reset.opcode: return .reset
      case ReadLocalVersionInformation.opcode: return .readLocalVersionInformation
      case ReadBDADDR.opcode: return .readBDADDR
      case LESetEventMask.opcode: return .leSetEventMask
      case LEReadLocalSupportedFeatures.opcode: return .leReadLocalSupportedFeatures
      case LESetRandomAddress.opcode: return .leSetRandomAddress
      case LESetAdvertisingParameters.opcode: return .leSetAdvertisingParameters
      case LESetAdvertisingData.opcode: return .leSetAdvertisingData
      case LESetScanResponseData.opcode: return .leSetScanResponseData
      case LESetAdvertisingEnable.opcode: return .leSetAdvertisingEnable
      case LESetScanParameters.opcode: return .leSetScanParameters
      case LESetScanEnable.opcode: return .leSetScanEnable
      case LESetExtendedAdvertisingParameters.opcode: return .leSetExtendedAdvertisingParameters
      case LESetExtendedAdvertisingData.opcode: return .leSetExtendedAdvertisingData
      case LESetExtendedAdvertisingEnable.opcode: return .leSetExtendedAdvertisingEnable
      case LERemoveAdvertisingSet.opcode: return .leRemoveAdvertisingSet
      case LESetExtendedScanParameters.opcode: return .leSetExtendedScanParameters
      case LESetExtendedScanEnable.opcode: return .leSetExtendedScanEnable
      default: return nil
      }
    }
  }
}
