import BluetoothTypes

/// A decoded HCI event packet.
///
/// Events this toolkit does not interpret decode to ``other(code:parameters:)`` rather than
/// failing, so a capture full of unrelated traffic still decodes.
public enum HCIEvent: Hashable, Sendable {
  case commandComplete(CommandComplete)
  case commandStatus(CommandStatus)
  case hardwareError(HardwareError)
  case leMeta(LEMetaEvent)
  case other(code: HCIEventCode, parameters: ArraySlice<UInt8>)

  /// Decodes an event packet: event code, parameter length, parameters (no H4 indicator).
  ///
  /// The length byte must match the bytes present; a packet cut short throws
  /// ``ByteDecodingError/lengthMismatch(field:declared:available:)``.
  public init(decoding packet: ArraySlice<UInt8>) throws(ByteDecodingError) {
    let (code, parameterOffsets) = try Self.readHeader(packet.span)
    var parameters = ByteReader(packet.subrange(offsets: parameterOffsets))
    switch code {
    case .commandComplete:
      self = .commandComplete(try CommandComplete(decoding: &parameters))
    case .commandStatus:
      self = .commandStatus(try CommandStatus(decoding: &parameters))
    case .hardwareError:
      self = .hardwareError(try HardwareError(decoding: &parameters))
    case .leMeta:
      self = .leMeta(try LEMetaEvent(decoding: &parameters))
    default:
      self = .other(code: code, parameters: parameters.readRemaining())
    }
  }

  public init(decoding packet: [UInt8]) throws(ByteDecodingError) {
    try self.init(decoding: packet[...])
  }

  /// Reads an event packet's code and length, and returns the code and where the parameters
  /// lie. The length byte must match the bytes present.
  @inlinable
  public static func readHeader(_ packet: Span<UInt8>) throws(ByteDecodingError) -> (
    code: HCIEventCode, parameters: Range<Int>
  ) {
    var offset = 0
    let code = HCIEventCode(rawValue: try packet.readUInt8(at: &offset, "Event_Code"))
    let length = Int(try packet.readUInt8(at: &offset, "Parameter_Total_Length"))
    guard length == packet.count - offset else {
      throw .lengthMismatch(field: "Parameter_Total_Length", declared: length, available: packet.count - offset)
    }
    return (code, offset..<packet.count)
  }
}
