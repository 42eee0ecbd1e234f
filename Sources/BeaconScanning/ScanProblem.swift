import BluetoothTypes
import HCITransportCore

/// A packet the scanner could not fully decode. Scanning goes on; the good parts are used.
public struct ScanProblem: Hashable, Sendable, CustomStringConvertible {
  public var origin: PacketOrigin?
  public var error: ByteDecodingError
  /// Reports in the event that could not be decoded (after the bad one).
  public var lostReportCount: Int

  public init(origin: PacketOrigin?, error: ByteDecodingError, lostReportCount: Int = 0) {
    self.origin = origin
    self.error = error
    self.lostReportCount = lostReportCount
  }

  public var description: String {
    var text = ""
    if let origin { text += "record \(origin.recordNumber) (byte \(origin.byteOffset)): " }
    text += error.description
    if lostReportCount > 0 { text += "; \(lostReportCount) report(s) in that event lost" }
    return text
  }
}
