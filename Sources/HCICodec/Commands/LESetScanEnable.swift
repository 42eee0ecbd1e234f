import BluetoothTypes

/// HCI_LE_Set_Scan_Enable (Core v5.4 Vol 4 Part E §7.8.11): starts or stops legacy
/// scanning. Returns Status.
public struct LESetScanEnable: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x200C)

  /// LE_Scan_Enable.
  public var leScanEnable: Bool
  /// Filter_Duplicates: ``FilterDuplicates/disabled`` or ``FilterDuplicates/enabled``
  /// (``FilterDuplicates/resetEachPeriod`` is for extended scanning only).
  public var filterDuplicates: FilterDuplicates

  public init(leScanEnable: Bool, filterDuplicates: FilterDuplicates = .disabled) {
    self.leScanEnable = leScanEnable
    self.filterDuplicates = filterDuplicates
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(leScanEnable)
    writer.write(filterDuplicates.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    leScanEnable = try reader.readBool("LE_Scan_Enable")
    filterDuplicates = FilterDuplicates(rawValue: try reader.readUInt8("Filter_Duplicates"))
  }
}
