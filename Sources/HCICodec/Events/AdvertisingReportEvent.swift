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
    guard let (format, range) = try reports(inPacket: packet) else { return nil }
    let parameters = packet.extracting(range)
    return try AdvertisingReportDecoder.forEachReport(format, inParameters: parameters) { report, data in
      body(report, parameters.extracting(data))
    }
  }

  /// The format of an advertising report event and where its reports lie in the packet (from
  /// Num_Reports on), for ``AdvertisingReportDecoder/forEachReport(_:inParameters:_:)``; `nil`
  /// when the packet is another event. The scanner's hot path calls the decoder with these
  /// itself, one call fewer per packet than ``forEachReport(inPacket:_:)``.
  ///
  /// Throws when the event's length byte does not match the packet.
  @inlinable
  public static func reports(
    inPacket packet: Span<UInt8>
  ) throws(ByteDecodingError) -> (format: AdvertisingReportFormat, parameters: Range<Int>)? {
    guard let format = format(ofPacket: packet) else { return nil }
    let header = try HCIEvent.readHeader(packet)
    // The subevent code is the first parameter byte; the reports follow it.
    return (format, (header.parameters.lowerBound + 1)..<header.parameters.upperBound)
  }
}
