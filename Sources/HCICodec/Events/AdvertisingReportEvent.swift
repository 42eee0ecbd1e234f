import BluetoothTypes

/// Reading the advertising reports of a whole event packet in place: the scanning hot path.
///
/// It checks and fails as ``HCIEvent/init(decoding:)-(ArraySlice<UInt8>)`` does for the same bytes, but
/// builds no event value: each report's header and data are handed to the caller while the
/// packet is borrowed, so nothing is allocated, copied or retained.
public enum AdvertisingReportEvent {
  /// Whether a packet is an LE Advertising Report or LE Extended Advertising Report event,
  /// judged from its first three bytes only (event code, length, subevent code).
  @inlinable
  public static func format(ofPacket packet: Span<UInt8>) -> AdvertisingReportFormat? {
    guard packet.count >= 3, packet[0] == HCIEventCode.leMeta.rawValue else { return nil }
    return AdvertisingReportFormat(subevent: LEMetaSubeventCode(rawValue: packet[2]))
  }

  /// Calls `body` with the header and data of each report in an event packet (no H4
  /// indicator). Returns `nil`, having called nothing, when the packet is another event.
  ///
  /// Throws what ``HCIEvent/init(decoding:)-(ArraySlice<UInt8>)`` throws for the packet: a length byte that
  /// does not match, or a missing or zero Num_Reports. Problems within the reports are in the
  /// outcome, after the good reports were delivered.
  @inlinable
  public static func forEachReport(
    inPacket packet: Span<UInt8>, _ body: (AdvertisingReportHeader, Span<UInt8>) -> Void
  ) throws(ByteDecodingError) -> AdvertisingReportOutcome? {
    guard let format = format(ofPacket: packet) else { return nil }
    let header = try HCIEvent.readHeader(packet)
    // The subevent code is the first parameter byte; the reports follow it.
    let parameters = packet.extracting((header.parameters.lowerBound + 1)..<header.parameters.upperBound)
    return try AdvertisingReportDecoder.forEachReport(format, inParameters: parameters) { report, data in
      body(report, parameters.extracting(data))
    }
  }
}
