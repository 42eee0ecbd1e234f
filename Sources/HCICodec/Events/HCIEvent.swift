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
  /// ``HCIDecodingError/lengthMismatch(field:declared:available:)``.
  public init(decoding packet: ArraySlice<UInt8>) throws(HCIDecodingError) {
    var reader = ByteReader(packet)
    let code = HCIEventCode(rawValue: try reader.readUInt8("Event_Code"))
    let length = Int(try reader.readUInt8("Parameter_Total_Length"))
    guard length == reader.remainingCount else {
      throw .lengthMismatch(
        field: "Parameter_Total_Length", declared: length, available: reader.remainingCount)
    }
    var parameters = ByteReader(reader.readRemaining())
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

  public init(decoding packet: [UInt8]) throws(HCIDecodingError) {
    try self.init(decoding: packet[...])
  }
}
