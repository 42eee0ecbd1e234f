import BluetoothTypes

/// HCI_LE_Set_Extended_Scan_Enable (Core v5.4 Vol 4 Part E §7.8.65): starts or stops
/// extended scanning. Returns Status.
public struct LESetExtendedScanEnable: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2042)

  /// Enable.
  public var enable: Bool
  /// Filter_Duplicates.
  public var filterDuplicates: FilterDuplicates
  /// Duration: how long each scan lasts (10 ms units; 0 = until disabled).
  public var duration: ScanDuration
  /// Period: how often the scan repeats (1.28 s units; 0 = no repetition).
  public var period: ScanPeriod

  public init(
    enable: Bool, filterDuplicates: FilterDuplicates = .disabled, duration: ScanDuration = .continuous,
    period: ScanPeriod = .disabled
  ) {
    self.enable = enable
    self.filterDuplicates = filterDuplicates
    self.duration = duration
    self.period = period
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(enable)
    writer.write(filterDuplicates.rawValue)
    writer.writeUInt16LE(duration.rawValue)
    writer.writeUInt16LE(period.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    enable = try reader.readBool("Enable")
    filterDuplicates = FilterDuplicates(rawValue: try reader.readUInt8("Filter_Duplicates"))
    duration = ScanDuration(rawValue: try reader.readUInt16LE("Duration"))
    period = ScanPeriod(rawValue: try reader.readUInt16LE("Period"))
  }
}
