import BluetoothTypes

/// HCI_LE_Set_Random_Address (Core v5.4 Vol 4 Part E §7.8.4): the random device address
/// used by legacy advertising and scanning when Own_Address_Type is random. Returns Status.
public struct LESetRandomAddress: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2005)

  /// Random_Address.
  public var randomAddress: BluetoothAddress

  public init(randomAddress: BluetoothAddress) { self.randomAddress = randomAddress }

  public func encodeParameters(into writer: inout ByteWriter) { writer.write(randomAddress) }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    randomAddress = try reader.readAddress("Random_Address")
  }
}
