import HCICodec

/// The Core specification's names for the commands this toolkit sends, for messages:
/// `LE Set Scan Enable` for HCI_LE_Set_Scan_Enable (Core v5.4 Vol 4 Part E §7).
enum HCICommandName {
  /// The spec's name for `opcode`, or `command 0xXXXX` for one this table does not know.
  static func forOpcode(_ opcode: HCIOpcode) -> String {
    switch opcode {
    case Reset.opcode: return "Reset"
    case SetEventMask.opcode: return "Set Event Mask"
    case ReadLocalVersionInformation.opcode: return "Read Local Version Information"
    case ReadLocalSupportedCommands.opcode: return "Read Local Supported Commands"
    case ReadBDADDR.opcode: return "Read BD_ADDR"
    case LESetEventMask.opcode: return "LE Set Event Mask"
    case LEReadLocalSupportedFeatures.opcode: return "LE Read Local Supported Features"
    case LESetRandomAddress.opcode: return "LE Set Random Address"
    case LESetAdvertisingParameters.opcode: return "LE Set Advertising Parameters"
    case LESetAdvertisingData.opcode: return "LE Set Advertising Data"
    case LESetScanResponseData.opcode: return "LE Set Scan Response Data"
    case LESetAdvertisingEnable.opcode: return "LE Set Advertising Enable"
    case LESetScanParameters.opcode: return "LE Set Scan Parameters"
    case LESetScanEnable.opcode: return "LE Set Scan Enable"
    case LESetExtendedAdvertisingParameters.opcode: return "LE Set Extended Advertising Parameters"
    case LESetExtendedAdvertisingData.opcode: return "LE Set Extended Advertising Data"
    case LESetExtendedAdvertisingEnable.opcode: return "LE Set Extended Advertising Enable"
    case LERemoveAdvertisingSet.opcode: return "LE Remove Advertising Set"
    case LESetExtendedScanParameters.opcode: return "LE Set Extended Scan Parameters"
    case LESetExtendedScanEnable.opcode: return "LE Set Extended Scan Enable"
    default: return "command \(opcode)"
    }
  }
}
