import BluetoothTypes

/// HCI_Command_Status (Core spec Vol 4, Part E, 7.7.15).
public struct CommandStatus: Hashable, Sendable {
  public var status: HCIStatus
  public var numHCICommandPackets: UInt8
  public var commandOpcode: HCIOpcode

  public init(status: HCIStatus, numHCICommandPackets: UInt8, commandOpcode: HCIOpcode) {
    self.status = status
    self.numHCICommandPackets = numHCICommandPackets
    self.commandOpcode = commandOpcode
  }

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    status = HCIStatus(rawValue: try reader.readUInt8("Status"))
    numHCICommandPackets = try reader.readUInt8("Num_HCI_Command_Packets")
    commandOpcode = HCIOpcode(rawValue: try reader.readUInt16LE("Command_Opcode"))
    try reader.expectEnd("HCI_Command_Status")
  }
}
