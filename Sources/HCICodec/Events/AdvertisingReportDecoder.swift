import BluetoothTypes

/// The one decoder of advertising reports, read in place from an event's bytes:
/// ``LEAdvertisingReport`` and ``LEExtendedAdvertisingReport`` build their report arrays with it,
/// and the scanning hot path reads through it without allocating (see ``AdvertisingReportEvent``).
public enum AdvertisingReportDecoder {
  /// Reads Num_Reports and then each report of an event's parameters (after the subevent
  /// code), calling `body` with the report's header and where its data lies in `parameters`.
  ///
  /// Throws when Num_Reports is missing or zero: then there is nothing to deliver. A report cut
  /// short, or bytes after the last one, do not throw: the reports before are delivered and the
  /// outcome says what went wrong.
  @inlinable
  public static func forEachReport(
    _ format: AdvertisingReportFormat, inParameters parameters: Span<UInt8>,
    _ body: (AdvertisingReportHeader, Range<Int>) -> Void
  ) throws(ByteDecodingError) -> AdvertisingReportOutcome {
    var offset = 0
    let count = Int(try parameters.readUInt8(at: &offset, "Num_Reports"))
    guard count > 0 else { throw .invalidValue(field: "Num_Reports", value: 0) }
    for index in 0..<count {
      do throws(ByteDecodingError) {
        let (header, data) = try readReport(format, parameters, at: &offset)
        body(header, data)
      } catch {
        return AdvertisingReportOutcome(announcedReportCount: count, problem: error, missingReportCount: count - index)
      }
    }
    guard offset == parameters.count else {
      return AdvertisingReportOutcome(
        announcedReportCount: count, problem: .trailingBytes(field: format.eventName, count: parameters.count - offset))
    }
    return AdvertisingReportOutcome(announcedReportCount: count)
  }

  /// The reports of an event's parameters (after the subevent code) as values, each holding a
  /// slice of `parameters` as its data.
  static func reports<Report>(
    _ format: AdvertisingReportFormat, in parameters: ArraySlice<UInt8>,
    as makeReport: (AdvertisingReportHeader, ArraySlice<UInt8>) -> Report
  ) throws(ByteDecodingError) -> ([Report], AdvertisingReportOutcome) {
    var reports: [Report] = []
    let outcome = try forEachReport(format, inParameters: parameters.span) { header, data in
      reports.append(makeReport(header, parameters.subrange(offsets: data)))
    }
    return (reports, outcome)
  }

  @inlinable
  static func readReport(_ format: AdvertisingReportFormat, _ bytes: Span<UInt8>, at offset: inout Int)
    throws(ByteDecodingError) -> (AdvertisingReportHeader, Range<Int>)
  {
    switch format {
    case .legacy: return try Self.readLegacyReport(bytes, at: &offset)
    case .extended: return try Self.readExtendedReport(bytes, at: &offset)
    }
  }

  /// Event_Type, Address_Type, Address, Data_Length, Data, RSSI.
  @inlinable
  static func readLegacyReport(_ bytes: Span<UInt8>, at offset: inout Int) throws(ByteDecodingError) -> (
    AdvertisingReportHeader, Range<Int>
  ) {
    let eventType = try bytes.readUInt8(at: &offset, "Event_Type")
    let addressType = LEAddressType(rawValue: try bytes.readUInt8(at: &offset, "Address_Type"))
    let address = try bytes.readAddress(at: &offset, "Address")
    let length = Int(try bytes.readUInt8(at: &offset, "Data_Length"))
    guard length <= 31 else { throw .invalidValue(field: "Data_Length", value: UInt64(length)) }
    let data = try bytes.readRange(length, at: &offset, "Data")
    let rssi = try bytes.readInt8(at: &offset, "RSSI")
    let header = AdvertisingReportHeader(
      format: .legacy, eventType: UInt16(eventType), addressType: addressType, address: address,
      rssi: rssi == LEAdvertisingReport.rssiNotAvailable ? nil : rssi)
    return (header, data)
  }

  /// Event_Type (2), Address_Type, Address, Primary_PHY, Secondary_PHY, Advertising_SID,
  /// TX_Power, RSSI, Periodic_Advertising_Interval (2), Direct_Address_Type, Direct_Address,
  /// Data_Length, Data.
  @inlinable
  static func readExtendedReport(_ bytes: Span<UInt8>, at offset: inout Int) throws(ByteDecodingError) -> (
    AdvertisingReportHeader, Range<Int>
  ) {
    let eventType = try bytes.readUInt16LE(at: &offset, "Event_Type")
    let addressType = LEAddressType(rawValue: try bytes.readUInt8(at: &offset, "Address_Type"))
    let address = try bytes.readAddress(at: &offset, "Address")
    let primaryPHY = try bytes.readUInt8(at: &offset, "Primary_PHY")
    let secondaryPHY = try bytes.readUInt8(at: &offset, "Secondary_PHY")
    let sid = try bytes.readUInt8(at: &offset, "Advertising_SID")
    let txPower = try bytes.readInt8(at: &offset, "TX_Power")
    let rssi = try bytes.readInt8(at: &offset, "RSSI")
    let interval = try bytes.readUInt16LE(at: &offset, "Periodic_Advertising_Interval")
    let directAddressType = LEAddressType(rawValue: try bytes.readUInt8(at: &offset, "Direct_Address_Type"))
    let directAddress = try bytes.readAddress(at: &offset, "Direct_Address")
    let length = Int(try bytes.readUInt8(at: &offset, "Data_Length"))
    let data = try bytes.readRange(length, at: &offset, "Data")
    var header = AdvertisingReportHeader(
      format: .extended, eventType: eventType, addressType: addressType, address: address,
      rssi: rssi == LEAdvertisingReport.rssiNotAvailable ? nil : rssi)
    header.primaryPHY = LEPHY(rawValue: primaryPHY)
    header.secondaryPHY = LEPHY(rawValue: secondaryPHY)
    header.advertisingSID = sid
    header.txPower = txPower == 127 ? nil : txPower
    header.periodicAdvertisingInterval = interval
    header.directAddressType = directAddressType
    header.directAddress = directAddress
    return (header, data)
  }
}
