import BluetoothTypes

/// HCI_Command_Complete (Core spec Vol 4, Part E, 7.7.14).
///
/// Decode the return parameters of a known command with ``returnParameters(of:)``.
public struct CommandComplete: Hashable, Sendable {
  /// Num_HCI_Command_Packets: how many commands the controller accepts now.
  public var numHCICommandPackets: UInt8
  /// Command_Opcode: the command this completes (0x0000 when only reporting credits).
  public var commandOpcode: HCIOpcode
  /// Return_Parameters, starting with the status byte for every command in this toolkit.
  public var returnParameters: ArraySlice<UInt8>

  public init(numHCICommandPackets: UInt8, commandOpcode: HCIOpcode, returnParameters: ArraySlice<UInt8>) {
    self.numHCICommandPackets = numHCICommandPackets
    self.commandOpcode = commandOpcode
    self.returnParameters = returnParameters
  }

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    numHCICommandPackets = try reader.readUInt8("Num_HCI_Command_Packets")
    commandOpcode = HCIOpcode(rawValue: try reader.readUInt16LE("Command_Opcode"))
    returnParameters = reader.readRemaining()
  }

  /// The status byte, the first return parameter (`nil` if there are none).
  public var status: HCIStatus? {
    returnParameters.first.map(HCIStatus.init(rawValue:))
  }

  /// Decodes the return parameters as those of `command`.
  ///
  /// Throws ``ByteDecodingError/invalidValue(field:value:)`` if this event completes another opcode.
  public func returnParameters<Command: HCICommandWithReturnParameters>(of command: Command.Type)
    throws(ByteDecodingError) -> Command.ReturnParameters
  {
    guard commandOpcode == Command.opcode else {
      throw .invalidValue(field: "Command_Opcode", value: UInt64(commandOpcode.rawValue))
    }
    var reader = ByteReader(returnParameters)
    let decoded = try Command.ReturnParameters(decoding: &reader)
    try reader.expectEnd("\(Command.self) return parameters")
    return decoded
  }
}
