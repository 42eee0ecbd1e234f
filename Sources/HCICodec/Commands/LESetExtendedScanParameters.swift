import BluetoothTypes

/// HCI_LE_Set_Extended_Scan_Parameters (Core v5.4 Vol 4 Part E §7.8.64): extended scanning
/// parameters, one set per scanning PHY. Returns Status.
///
/// On the wire Scanning_PHYs is a bit field (bit 0 LE 1M, bit 2 LE Coded) followed by
/// Scan_Type[i], Scan_Interval[i], Scan_Window[i] for each bit set, lowest bit first. This
/// type holds one optional entry per PHY, so the bit field and the arrays cannot disagree.
public struct LESetExtendedScanParameters: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2041)

  /// Scan_Type[i], Scan_Interval[i] and Scan_Window[i] for one PHY.
  public struct PHYParameters: Hashable, Sendable {
    /// Scan_Type[i].
    public var scanType: LEScanType
    /// Scan_Interval[i] (0x0004...0xFFFF × 0.625 ms).
    public var scanInterval: ScanInterval
    /// Scan_Window[i]; at most Scan_Interval[i].
    public var scanWindow: ScanInterval

    public init(scanType: LEScanType, scanInterval: ScanInterval, scanWindow: ScanInterval) {
      self.scanType = scanType
      self.scanInterval = scanInterval
      self.scanWindow = scanWindow
    }
  }

  /// Own_Address_Type.
  public var ownAddressType: OwnAddressType
  /// Scanning_Filter_Policy.
  public var scanningFilterPolicy: ScanningFilterPolicy
  /// The parameters for the LE 1M PHY (Scanning_PHYs bit 0), or `nil` not to scan on it.
  public var le1M: PHYParameters?
  /// The parameters for the LE Coded PHY (Scanning_PHYs bit 2), or `nil` not to scan on it.
  public var leCoded: PHYParameters?

  static let le1MBit: UInt8 = 1 << 0
  static let leCodedBit: UInt8 = 1 << 2

  public init(
    ownAddressType: OwnAddressType = .public, scanningFilterPolicy: ScanningFilterPolicy = .basicUnfiltered,
    le1M: PHYParameters?, leCoded: PHYParameters? = nil
  ) {
    self.ownAddressType = ownAddressType
    self.scanningFilterPolicy = scanningFilterPolicy
    self.le1M = le1M
    self.leCoded = leCoded
  }

  /// Scanning_PHYs as sent: the bits of the PHYs that have parameters.
  public var scanningPHYs: UInt8 {
    (le1M == nil ? 0 : Self.le1MBit) | (leCoded == nil ? 0 : Self.leCodedBit)
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(ownAddressType.rawValue)
    writer.write(scanningFilterPolicy.rawValue)
    writer.write(scanningPHYs)
    for entry in [le1M, leCoded] {
      guard let entry else { continue }
      writer.write(entry.scanType.rawValue)
      writer.writeUInt16LE(entry.scanInterval.rawValue)
      writer.writeUInt16LE(entry.scanWindow.rawValue)
    }
  }

  /// Throws ``ByteDecodingError/invalidValue(field:value:)`` when Scanning_PHYs has a bit other
  /// than LE 1M or LE Coded set: the layout of such a packet is unknown.
  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    ownAddressType = OwnAddressType(rawValue: try reader.readUInt8("Own_Address_Type"))
    scanningFilterPolicy = ScanningFilterPolicy(rawValue: try reader.readUInt8("Scanning_Filter_Policy"))
    let phys = try reader.readUInt8("Scanning_PHYs")
    guard phys & ~(Self.le1MBit | Self.leCodedBit) == 0 else {
      throw .invalidValue(field: "Scanning_PHYs", value: UInt64(phys))
    }
    le1M = phys & Self.le1MBit == 0 ? nil : try Self.decodeEntry(&reader)
    leCoded = phys & Self.leCodedBit == 0 ? nil : try Self.decodeEntry(&reader)
  }

  private static func decodeEntry(_ reader: inout ByteReader) throws(ByteDecodingError) -> PHYParameters {
    PHYParameters(
      scanType: LEScanType(rawValue: try reader.readUInt8("Scan_Type")),
      scanInterval: ScanInterval(rawValue: try reader.readUInt16LE("Scan_Interval")),
      scanWindow: ScanInterval(rawValue: try reader.readUInt16LE("Scan_Window")))
  }
}
