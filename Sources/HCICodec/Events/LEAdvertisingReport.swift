import BluetoothTypes

/// HCI_LE_Advertising_Report (Core spec Vol 4, Part E, 7.7.65.2): one or more legacy reports.
///
/// Reports are laid out one after another (Event_Type, Address_Type, Address, Data_Length,
/// Data, RSSI), as controllers send them and as BlueZ and Bumble read them. When a report is
/// cut short, the reports before it are kept and ``problem`` says what went wrong; the ones
/// after it cannot be located and are counted in ``missingReportCount``.
public struct LEAdvertisingReport: Hashable, Sendable {
  public var reports: [Report]
  /// Why decoding stopped early, if it did.
  public var problem: ByteDecodingError?
  /// How many of the announced reports could not be decoded.
  public var missingReportCount: Int

  public init(reports: [Report], problem: ByteDecodingError? = nil, missingReportCount: Int = 0) {
    self.reports = reports
    self.problem = problem
    self.missingReportCount = missingReportCount
  }

  /// One advertising or scan-response PDU as the controller received it.
  public struct Report: Hashable, Sendable {
    public var eventType: EventType
    public var addressType: LEAddressType
    public var address: BluetoothAddress
    /// Data: the AD structures (at most 31 bytes for a legacy PDU).
    public var data: ArraySlice<UInt8>
    /// RSSI in dBm, or `nil` when the controller reports 127 (not available).
    public var rssi: Int8?

    public init(
      eventType: EventType, addressType: LEAddressType, address: BluetoothAddress,
      data: ArraySlice<UInt8>, rssi: Int8?
    ) {
      self.eventType = eventType
      self.addressType = addressType
      self.address = address
      self.data = data
      self.rssi = rssi
    }
  }

  /// Event_Type of a legacy report.
  public struct EventType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Connectable and scannable undirected advertising.
    public static let advInd = EventType(rawValue: 0x00)
    /// Connectable directed advertising.
    public static let advDirectInd = EventType(rawValue: 0x01)
    /// Scannable undirected advertising.
    public static let advScanInd = EventType(rawValue: 0x02)
    /// Non-connectable undirected advertising (what iBeacons send).
    public static let advNonconnInd = EventType(rawValue: 0x03)
    /// Scan response.
    public static let scanRsp = EventType(rawValue: 0x04)
  }

  /// The RSSI value meaning "not available".
  public static let rssiNotAvailable: Int8 = 127

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    let (reports, outcome) = try AdvertisingReportDecoder.reports(.legacy, in: reader.readRemaining(), as: Report.init)
    self.init(reports: reports, problem: outcome.problem, missingReportCount: outcome.missingReportCount)
  }
}

extension LEAdvertisingReport.Report {
  /// The report whose fields other than its data are `header`'s.
  public init(header: AdvertisingReportHeader, data: ArraySlice<UInt8>) {
    self.init(
      eventType: .init(rawValue: UInt8(truncatingIfNeeded: header.eventType)), addressType: header.addressType,
      address: header.address, data: data, rssi: header.rssi)
  }
}

extension LEAdvertisingReport.Report {
  /// Encodes one report as it appears inside the event.
  public func encode(into writer: inout ByteWriter) {
    writer.write(eventType.rawValue)
    writer.write(addressType.rawValue)
    writer.write(address)
    writer.write(UInt8(truncatingIfNeeded: data.count))
    writer.write(contentsOf: data)
    writer.write(rssi ?? LEAdvertisingReport.rssiNotAvailable)
  }
}

extension LEAdvertisingReport {
  /// The whole event packet (event code, length, subevent, reports), without H4 indicator.
  public func encodedPacket() -> [UInt8] {
    var body = ByteWriter()
    body.write(LEMetaSubeventCode.advertisingReport.rawValue)
    body.write(UInt8(truncatingIfNeeded: reports.count))
    for report in reports { report.encode(into: &body) }
    return [HCIEventCode.leMeta.rawValue, UInt8(truncatingIfNeeded: body.bytes.count)] + body.bytes
  }
}
