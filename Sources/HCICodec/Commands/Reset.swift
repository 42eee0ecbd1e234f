import BluetoothTypes

/// HCI_Reset (Core v5.4 Vol 4 Part E §7.3.2): resets the controller (and the link manager
/// or link layer). No parameters; returns Status.
public struct Reset: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x0C03)

  public init() {}

  public func encodeParameters(into writer: inout ByteWriter) {}

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {}
}
