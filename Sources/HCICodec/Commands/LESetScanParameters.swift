import BluetoothTypes

/// HCI_LE_Set_Scan_Parameters (Core v5.4 Vol 4 Part E §7.8.10): legacy scanning
/// parameters. Returns Status.
public struct LESetScanParameters: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x200B)

  /// LE_Scan_Type.
  public var leScanType: LEScanType
  /// LE_Scan_Interval: how often to scan (0x0004...0x4000 × 0.625 ms).
  public var leScanInterval: ScanInterval
  /// LE_Scan_Window: how long each scan lasts; at most LE_Scan_Interval.
  public var leScanWindow: ScanInterval
  /// Own_Address_Type: the address used in scan requests.
  public var ownAddressType: OwnAddressType
  /// Scanning_Filter_Policy.
  public var scanningFilterPolicy: ScanningFilterPolicy

  public init(
    leScanType: LEScanType, leScanInterval: ScanInterval, leScanWindow: ScanInterval,
    ownAddressType: OwnAddressType = .public, scanningFilterPolicy: ScanningFilterPolicy = .basicUnfiltered
  ) {
    self.leScanType = leScanType
    self.leScanInterval = leScanInterval
    self.leScanWindow = leScanWindow
    self.ownAddressType = ownAddressType
    self.scanningFilterPolicy = scanningFilterPolicy
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(leScanType.rawValue)
    writer.writeUInt16LE(leScanInterval.rawValue)
    writer.writeUInt16LE(leScanWindow.rawValue)
    writer.write(ownAddressType.rawValue)
    writer.write(scanningFilterPolicy.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    leScanType = LEScanType(rawValue: try reader.readUInt8("LE_Scan_Type"))
    leScanInterval = ScanInterval(rawValue: try reader.readUInt16LE("LE_Scan_Interval"))
    leScanWindow = ScanInterval(rawValue: try reader.readUInt16LE("LE_Scan_Window"))
    ownAddressType = OwnAddressType(rawValue: try reader.readUInt8("Own_Address_Type"))
    scanningFilterPolicy = ScanningFilterPolicy(rawValue: try reader.readUInt8("Scanning_Filter_Policy"))
  }
}
