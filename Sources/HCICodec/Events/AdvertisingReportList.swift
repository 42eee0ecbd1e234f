/// The fields every advertising report carries, legacy or extended, so that consumers can
/// treat both alike.
public protocol AdvertisingReportFields: Sendable {
  var addressType: LEAddressType { get }
  var address: BluetoothAddress { get }
  /// RSSI in dBm, `nil` when the controller reported 127 (not available).
  var rssi: Int8? { get }
  /// The AD structures.
  var data: ArraySlice<UInt8> { get }
}

/// The reports of one advertising-report event, as far as they could be decoded.
///
/// Reports follow one another, so once one is cut short the rest cannot be located: the
/// reports before it are kept, and ``problem`` and ``missingReportCount`` say what was lost.
struct AdvertisingReportList<Report> {
  var reports: [Report] = []
  var problem: HCIDecodingError?
  var missingReportCount = 0

  /// Reads Num_Reports, then that many reports with `decodeReport`, then expects the end.
  init(
    _ reader: inout ByteReader, eventName: String,
    decodeReport: (inout ByteReader) throws(HCIDecodingError) -> Report
  ) throws(HCIDecodingError) {
    let count = Int(try reader.readUInt8("Num_Reports"))
    guard count > 0 else { throw .invalidValue(field: "Num_Reports", value: 0) }
    reports.reserveCapacity(count)
    for _ in 0..<count {
      do {
        reports.append(try decodeReport(&reader))
      } catch {
        problem = error
        missingReportCount = count - reports.count
        return
      }
    }
    if !reader.isAtEnd { problem = .trailingBytes(field: eventName, count: reader.remainingCount) }
  }
}
