/// Something odd at the end of a btsnoop capture that does not stop it being read.
public enum BTSnoopWarning: Hashable, Sendable {
  /// The input ended inside the last record (a capture that was still being written, or a
  /// copy cut short). Every record before it was read.
  ///
  /// `presentBytes` counts the record's bytes that are there, header included.
  /// `expectedBytes` is the whole record's size (24 + included length) when its header is
  /// complete, and otherwise the header size, 24.
  case truncatedFinalRecord(recordNumber: Int, byteOffset: Int, presentBytes: Int, expectedBytes: Int)
}

extension BTSnoopWarning: CustomStringConvertible {
  public var description: String {
    switch self {
    case .truncatedFinalRecord(let recordNumber, let byteOffset, let presentBytes, let expectedBytes):
      return "record \(recordNumber) at byte \(byteOffset) is truncated (\(presentBytes) of "
        + "\(expectedBytes) bytes present) and was skipped; the capture was probably cut short"
    }
  }
}
