import BluetoothTypes

/// HCI_Hardware_Error (Core spec Vol 4, Part E, 7.7.16): the controller reports a
/// vendor-specific hardware fault; the host should reset it.
public struct HardwareError: Hashable, Sendable {
  public var hardwareCode: UInt8

  public init(hardwareCode: UInt8) { self.hardwareCode = hardwareCode }

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    hardwareCode = try reader.readUInt8("Hardware_Code")
    try reader.expectEnd("HCI_Hardware_Error")
  }
}
