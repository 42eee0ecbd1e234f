import BluetoothTypes

/// The return parameters of a command whose Command Complete event carries only Status.
public struct StatusReturnParameters: HCIReturnParameters {
  /// Status: ``HCIStatus/success`` or the error code.
  public var status: HCIStatus

  public init(status: HCIStatus) { self.status = status }

  public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    status = HCIStatus(rawValue: try reader.readUInt8("Status"))
  }

  public func encode(into writer: inout ByteWriter) { writer.write(status.rawValue) }
}
