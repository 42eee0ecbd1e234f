import BluetoothTypes

/// HCI_LE_Extended_Advertising_Report (Core spec Vol 4, Part E, 7.7.65.13).
///
/// As with ``LEAdvertisingReport``, a report that is cut short keeps its predecessors.
public struct LEExtendedAdvertisingReport: Hashable, Sendable {
  public var reports: [Report]
  public var problem: ByteDecodingError?
  public var missingReportCount: Int

  public init(reports: [Report], problem: ByteDecodingError? = nil, missingReportCount: Int = 0) {
    self.reports = reports
    self.problem = problem
    self.missingReportCount = missingReportCount
  }

  public struct Report: Hashable, Sendable {
    public var eventType: EventType
    public var addressType: LEAddressType
    public var address: BluetoothAddress
    /// Primary_PHY: ``LEPHY/le1M`` or ``LEPHY/leCoded`` (another value is kept as it came).
    public var primaryPHY: LEPHY
    /// Secondary_PHY: ``LEPHY/none``, ``LEPHY/le1M``, ``LEPHY/le2M`` or ``LEPHY/leCoded``.
    public var secondaryPHY: LEPHY
    /// Advertising_SID, 0xFF when none.
    public var advertisingSID: UInt8
    /// TX_Power in dBm as the advertiser states it, or `nil` for 127 (not available).
    public var txPower: Int8?
    /// RSSI in dBm, or `nil` for 127 (not available).
    public var rssi: Int8?
    /// Periodic_Advertising_Interval in units of 1.25 ms (0 = none).
    public var periodicAdvertisingInterval: UInt16
    public var directAddressType: LEAddressType
    public var directAddress: BluetoothAddress
    public var data: ArraySlice<UInt8>

    public init(
      eventType: EventType, addressType: LEAddressType, address: BluetoothAddress,
      primaryPHY: LEPHY = .le1M, secondaryPHY: LEPHY = .none, advertisingSID: UInt8 = 0xFF,
      txPower: Int8? = nil, rssi: Int8?, periodicAdvertisingInterval: UInt16 = 0,
      directAddressType: LEAddressType = .public,
      directAddress: BluetoothAddress = BluetoothAddress(rawValue: 0),
      data: ArraySlice<UInt8>
    ) {
      self.eventType = eventType
      self.addressType = addressType
      self.address = address
      self.primaryPHY = primaryPHY
      self.secondaryPHY = secondaryPHY
      self.advertisingSID = advertisingSID
      self.txPower = txPower
      self.rssi = rssi
      self.periodicAdvertisingInterval = periodicAdvertisingInterval
      self.directAddressType = directAddressType
      self.directAddress = directAddress
      self.data = data
    }
  }

  /// Event_Type bits of an extended report. Reserved bits (e.g. bit 15, which some Android
  /// controllers set) are kept in ``rawValue`` and ignored by the accessors.
  public struct EventType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public var isConnectable: Bool { rawValue & 0x0001 != 0 }
    public var isScannable: Bool { rawValue & 0x0002 != 0 }
    public var isDirected: Bool { rawValue & 0x0004 != 0 }
    public var isScanResponse: Bool { rawValue & 0x0008 != 0 }
    /// Bit 4: the report is of a legacy advertising PDU.
    public var isLegacy: Bool { rawValue & 0x0010 != 0 }
    /// Bits 5–6.
    @inlinable public var dataStatus: DataStatus { DataStatus(rawValue: UInt8((rawValue >> 5) & 0x3)) }

    /// Legacy ADV_NONCONN_IND as reported in an extended report.
    public static let legacyNonconnectable = EventType(rawValue: 0x0010)
  }

  /// Whether the data is whole, or more of it follows in later reports.
  public struct DataStatus: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    @inlinable public static var complete: DataStatus { DataStatus(rawValue: 0) }
    @inlinable public static var incompleteMoreToCome: DataStatus { DataStatus(rawValue: 1) }
    @inlinable public static var incompleteTruncated: DataStatus { DataStatus(rawValue: 2) }
  }

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    let (reports, outcome) = try AdvertisingReportDecoder.reports(
      .extended, in: reader.readRemaining(), as: Report.init)
    self.init(reports: reports, problem: outcome.problem, missingReportCount: outcome.missingReportCount)
  }
}

extension LEExtendedAdvertisingReport.Report {
  /// The report whose fields other than its data are `header`'s.
  public init(header: AdvertisingReportHeader, data: ArraySlice<UInt8>) {
    self.init(
      eventType: .init(rawValue: header.eventType), addressType: header.addressType, address: header.address,
      primaryPHY: header.primaryPHY, secondaryPHY: header.secondaryPHY, advertisingSID: header.advertisingSID,
      txPower: header.txPower, rssi: header.rssi, periodicAdvertisingInterval: header.periodicAdvertisingInterval,
      directAddressType: header.directAddressType, directAddress: header.directAddress, data: data)
  }
}

extension LEExtendedAdvertisingReport.Report {
  public func encode(into writer: inout ByteWriter) {
    writer.writeUInt16LE(eventType.rawValue)
    writer.write(addressType.rawValue)
    writer.write(address)
    writer.write(primaryPHY.rawValue)
    writer.write(secondaryPHY.rawValue)
    writer.write(advertisingSID)
    writer.write(txPower ?? 127)
    writer.write(rssi ?? 127)
    writer.writeUInt16LE(periodicAdvertisingInterval)
    writer.write(directAddressType.rawValue)
    writer.write(directAddress)
    writer.write(UInt8(truncatingIfNeeded: data.count))
    writer.write(contentsOf: data)
  }
}

extension LEExtendedAdvertisingReport {
  /// The whole event packet (event code, length, subevent, reports), without H4 indicator.
  public func encodedPacket() -> [UInt8] {
    var body = ByteWriter()
    body.write(LEMetaSubeventCode.extendedAdvertisingReport.rawValue)
    body.write(UInt8(truncatingIfNeeded: reports.count))
    for report in reports { report.encode(into: &body) }
    return [HCIEventCode.leMeta.rawValue, UInt8(truncatingIfNeeded: body.bytes.count)] + body.bytes
  }
}
