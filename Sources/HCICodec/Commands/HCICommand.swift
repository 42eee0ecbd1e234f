import BluetoothTypes

/// An HCI command: an opcode and its parameters, encoded as the spec lays them out.
///
/// Every command type is named as in the Core specification (Vol 4, Part E, 7) and
/// round-trips: `try C(decodingParameters: c.encodedParameters()) == c`.
public protocol HCICommand: Hashable, Sendable {
  static var opcode: HCIOpcode { get }
  /// Appends the command's parameters (not the opcode and length header).
  func encodeParameters(into writer: inout ByteWriter)
  /// Decodes the parameters (everything after the 3-byte command header).
  init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError)
}

/// A command without parameters (HCI_Reset, the Read commands): the packet is the header alone,
/// and decoding reads nothing.
public protocol HCICommandWithoutParameters: HCICommand {
  init()
}

extension HCICommandWithoutParameters {
  public func encodeParameters(into writer: inout ByteWriter) {}

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    self.init()
  }
}

/// A command whose Command Complete event carries return parameters beyond the status.
public protocol HCICommandWithReturnParameters: HCICommand {
  associatedtype ReturnParameters: HCIReturnParameters
}

/// The return parameters of a Command Complete event, starting with the status byte.
public protocol HCIReturnParameters: Hashable, Sendable {
  init(decoding reader: inout ByteReader) throws(ByteDecodingError)
  func encode(into writer: inout ByteWriter)
}

extension HCICommand {
  /// The parameters alone.
  public func encodedParameters() -> [UInt8] {
    var writer = ByteWriter()
    encodeParameters(into: &writer)
    return writer.bytes
  }

  /// The whole command packet: opcode (little-endian), parameter length, parameters.
  /// No H4 packet indicator.
  public func encodedPacket() -> [UInt8] {
    let parameters = encodedParameters()
    var writer = ByteWriter(capacity: 3 + parameters.count)
    writer.writeUInt16LE(Self.opcode.rawValue)
    writer.write(UInt8(truncatingIfNeeded: parameters.count))
    writer.write(contentsOf: parameters)
    return writer.bytes
  }

  /// Decodes a parameter block, requiring that it is consumed exactly.
  public init(decodingParameters parameters: ArraySlice<UInt8>) throws(ByteDecodingError) {
    var reader = ByteReader(parameters)
    try self.init(decodingParameters: &reader)
    try reader.expectEnd("\(Self.self) parameters")
  }
}
